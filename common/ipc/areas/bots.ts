/**
 * Bot and Dashboard channels (SPEC section 7: Dashboard, Bots; issue 8). Most are operations of
 * common/ops/bots.ts and common/ops/dashboard.ts under their own names, forwarded as they are.
 * Three are written here: the start (one channel, a route per bot type), the history (one
 * channel, a route per kind) and the disclaimer (main sends SPEC's body). `bots:event` is main's
 * push of the member's event stream (GET /api/events) so open screens refresh at once.
 */
import * as yup from 'yup';
import type { MessageResponse } from '../../api/account';
import type { BotHistoryRow, MemberEvent, StartBotRequest } from '../../api/bots';
import { botsOps } from '../../ops/bots';
import { dashboardOps } from '../../ops/dashboard';
import type { OutputOf } from '../../ops/define';
import {
  boundedString as str,
  emptyPayload as empty,
  forwardedOps,
  opPayloadSchemas,
  type Empty,
  type OpChannels,
  type PayloadSchemas,
} from './shared';

export type { FeaturesResponse } from '../../api/bots';

/** History's Multigrid tab and the scalping pane; the Cycle tab reads `cycles:history`. */
export type BotHistoryKind = 'multigrid' | 'scalp';

/** Operations main does not forward as they are: their channels are written below. */
const HAND_WRITTEN_BOTS = ['bots:startMultigrid', 'bots:startScalp', 'bots:multigridHistory', 'bots:scalpHistory'] as const;
const HAND_WRITTEN_DASHBOARD = ['dashboard:disclaimer'] as const;

/** Channels that are operations of common/ops/bots.ts and dashboard.ts under their own names. */
export const forwardedBotsOps = forwardedOps(botsOps, HAND_WRITTEN_BOTS);
export const forwardedDashboardOps = forwardedOps(dashboardOps, HAND_WRITTEN_DASHBOARD);

export interface BotsChannels extends OpChannels<typeof forwardedBotsOps>, OpChannels<typeof forwardedDashboardOps> {
  /** POST /api/startbotdata (Advanced Multigrid) or /api/startscalp (Scalping Grid). */
  'bots:start': { payload: StartBotRequest; result: OutputOf<(typeof botsOps)['bots:startMultigrid']> };
  /** GET /api/bothistory or /api/scalpbothistory. */
  'bots:history': { payload: { kind: BotHistoryKind }; result: BotHistoryRow[] };
  /** POST /api/disclaimer with SPEC's body. */
  'dashboard:agree': { payload: Empty; result: MessageResponse };
}

export interface BotsEvents {
  /** One event of the member's stream (bot started, stopped with its reason, order failed). */
  'bots:event': MemberEvent;
}

const botID = str(64).min(1);
/** A number field as a form sends it: a short string, a finite number, or null/absent. */
const numberish = yup
  .mixed<string | number>()
  .nullable()
  .optional()
  .test('number', 'must be a short string or a number', (v) =>
    v === null || v === undefined || (typeof v === 'string' && v.length <= 40) || (typeof v === 'number' && Number.isFinite(v)),
  );

/**
 * Forwarded operations are checked with their own input schemas, except the edits: their server
 * schemas rewrite a form's numbers as decimal strings and apply SPEC's rules, while main forwards
 * the body as the form sent it (shape and size checked here) and the server answers the rules.
 */
export const botsPayloadSchemas: PayloadSchemas<BotsChannels> = {
  ...opPayloadSchemas(forwardedBotsOps),
  ...opPayloadSchemas(forwardedDashboardOps),
  'bots:editProfitBook': yup.object({ botID, profitBookValue: numberish.defined() }).noUnknown(true),
  'bots:editProtection': yup
    .object({ botID, overbuyProtectionValue: numberish.defined(), protectionActive: yup.boolean().defined() })
    .noUnknown(true),
  'bots:editSltp': yup
    .object({ botID, sellAllAndPausePrice: numberish.defined(), restartPrice: numberish.defined(), stoplossPrice: numberish.defined() })
    .noUnknown(true),
  'bots:start': yup
    .object({
      selectPair: str(30),
      myStrategy: str(200),
      amount: numberish.defined(),
      category: str(20),
      botType: str(60),
      leverage: numberish,
      profitbookat: numberish,
      sellPausePrice: numberish,
      restartPrice: numberish,
      stoplossPrice: numberish,
    })
    .noUnknown(true),
  'bots:history': yup.object({ kind: yup.mixed<BotHistoryKind>().oneOf(['multigrid', 'scalp']).defined() }).noUnknown(true),
  'dashboard:agree': empty,
};
