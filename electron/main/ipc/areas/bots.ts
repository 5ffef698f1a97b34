/**
 * Bot and Dashboard channels (SPEC section 7: Dashboard, Bots; issue 8): the operations of
 * common/ops/bots.ts and common/ops/dashboard.ts, forwarded as they are. Main decides nothing
 * here: the server routes a start by its bot type.
 */
import { forwardedBotsOps, forwardedDashboardOps } from '../../../../common/ipc/areas/bots';
import type { IpcArea } from '../context';
import { forwarded } from '../forward';

export const botsArea: IpcArea = {
  name: 'bots',
  handlers: {
    ...forwarded(forwardedBotsOps),
    ...forwarded(forwardedDashboardOps),
  },
};
