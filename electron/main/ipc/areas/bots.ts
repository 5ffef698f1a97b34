/**
 * Bot and Dashboard channels (SPEC section 7: Dashboard, Bots; issue 8). Most are operations of
 * common/ops/bots.ts and common/ops/dashboard.ts forwarded as they are. Three are written here:
 * the start goes to the route of its bot type, the history to the route of its kind, and the
 * disclaimer carries SPEC's body, which main writes.
 */
import { forwardedBotsOps, forwardedDashboardOps, type BotHistoryKind } from '../../../../common/ipc/areas/bots';
import { botsOps } from '../../../../common/ops/bots';
import { dashboardOps } from '../../../../common/ops/dashboard';
import type { IpcArea } from '../context';
import { forward, forwarded } from '../forward';

const HISTORY = {
  multigrid: botsOps['bots:multigridHistory'],
  scalp: botsOps['bots:scalpHistory'],
} as const satisfies Record<BotHistoryKind, unknown>;

export const botsArea: IpcArea = {
  name: 'bots',
  handlers: {
    ...forwarded(forwardedBotsOps),
    ...forwarded(forwardedDashboardOps),

    // Scalping Grid has its own start route (the server announces it as coming soon).
    'bots:start': (payload, { call }) =>
      forward(call, payload.botType === 'Scalping Grid' ? botsOps['bots:startScalp'] : botsOps['bots:startMultigrid'], payload),

    'bots:history': ({ kind }, { call }) => forward(call, HISTORY[kind], {}),

    'dashboard:agree': (_payload, { call }) => forward(call, dashboardOps['dashboard:disclaimer'], { disclaimerAgree: true }),
  },
};
