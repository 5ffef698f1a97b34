/**
 * Bot and Dashboard channels (SPEC section 7: Dashboard, Bots; issue 8): the operations of
 * common/ops/bots.ts and common/ops/dashboard.ts under their own names, forwarded as they are
 * (the server routes a start by its bot type). `bots:event` is main's push of the member's event
 * stream (GET /api/events) so open screens refresh at once.
 */
import type { MemberEvent } from '../../api/bots';
import { botsOps } from '../../ops/bots';
import { dashboardOps } from '../../ops/dashboard';
import { forwardedOps, opPayloadSchemas, type OpChannels, type PayloadSchemas } from './shared';

export type { FeaturesResponse } from '../../api/bots';

/** Channels that are operations of common/ops/bots.ts and dashboard.ts under their own names. */
export const forwardedBotsOps = forwardedOps(botsOps, []);
export const forwardedDashboardOps = forwardedOps(dashboardOps, []);

export interface BotsChannels extends OpChannels<typeof forwardedBotsOps>, OpChannels<typeof forwardedDashboardOps> {}

export interface BotsEvents {
  /** One event of the member's stream (bot started, stopped with its reason, order failed). */
  'bots:event': MemberEvent;
}

export const botsPayloadSchemas: PayloadSchemas<BotsChannels> = {
  ...opPayloadSchemas(forwardedBotsOps),
  ...opPayloadSchemas(forwardedDashboardOps),
};
