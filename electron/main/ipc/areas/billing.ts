/**
 * Billing-service channels (the /account HTTP service; SPEC section 7: Subscription, deposit,
 * withdraw; Profile, referral, team), the operations of common/ops/billing.ts. The reads without
 * input are forwarded as they are; the others are written here for what main adds: SPEC's body
 * of a list's page, the plans out of `data.plans`, the service's `msg` the member reads (SPEC
 * section 8), the Idempotency-Key of subscribe, withdraw and the reward swap
 * (./submission-keys.ts), and the deposit listening window kept in the desktop settings.
 */
import { forwardedBillingOps } from '../../../../common/ipc/areas/billing';
import { PAGE_SIZE_LISTS } from '../../../../common/constants';
import type { DepositWindow, IpcResult, ServiceMessage } from '../../../../common/ipc/contract';
import { billingOps } from '../../../../common/ops/billing';
import type { InputOf, OutputOf } from '../../../../common/ops/define';
import type { DepositListenWindow, SettingsStore } from '../../ports/types';
import type { HandlerContext, IpcArea } from '../context';
import { forward, forwarded, forwardWithMsg } from '../forward';
import { fail, ok } from '../result';
import { submissionKeys } from './submission-keys';

const REFUSED = 'The account service refused the request.';

type BillingOp = (typeof billingOps)[keyof typeof billingOps];

/** The service's `msg` for the member, with the data when it sent some. */
async function message<O extends BillingOp>(
  call: HandlerContext['call'],
  spec: O,
  input: InputOf<O>,
  headers?: Record<string, string>,
): Promise<IpcResult<ServiceMessage<OutputOf<O>>>> {
  const result = await forwardWithMsg(call, spec, input, headers);
  if (!result.ok) return result;
  const { data, msg } = result.value;
  return ok(data === undefined ? { message: msg } : { message: msg, data });
}

/**
 * A member's money-moving submission: `message` with the Idempotency-Key this member, operation
 * and body hold (the same after an unknown outcome, a new one after a definite answer).
 */
function submit<O extends BillingOp>(
  ctx: HandlerContext,
  spec: O,
  body: InputOf<O>,
): Promise<IpcResult<ServiceMessage<OutputOf<O>>>> {
  const submission = JSON.stringify([ctx.ports.settings.get('email'), spec.path, body]);
  return submissionKeys(ctx.ports).submit(submission, (key) => message(ctx.call, spec, body, { 'Idempotency-Key': key }));
}

/** SPEC section 7's list body: the filters (none but the team's level), 10 a page. */
const pageOf = <F extends object>(page: number, filters: F) => ({ filters, limit: PAGE_SIZE_LISTS, page });

/**
 * The saved listening window, one per desktop, tagged with the member it belongs to so another
 * member signing in on this desktop never inherits it. The settings file is the member's to
 * edit: a malformed value reads as no window.
 */
export function readDepositWindow(settings: SettingsStore, now = Date.now()): DepositWindow {
  const saved = settings.get('depositListenWindow') as Partial<DepositListenWindow> | null;
  const mine = saved !== null && (saved.email ?? null) === settings.get('email');
  return { endsAt: mine && typeof saved.endsAt === 'number' && saved.endsAt > now ? saved.endsAt : null };
}

function saveDepositWindow(settings: SettingsStore, endsAt: number | null): DepositWindow {
  settings.set('depositListenWindow', endsAt === null ? null : { email: settings.get('email'), endsAt });
  return { endsAt };
}

export const billingArea: IpcArea = {
  name: 'billing',
  handlers: {
    ...forwarded(forwardedBillingOps),

    'billing:plans': async (_p, { call }) => {
      const result = await forward(call, billingOps['billing:plans'], {});
      return result.ok ? ok(result.value.plans) : result;
    },
    'billing:subscriptions': ({ page }, { call }) => forward(call, billingOps['billing:subscriptions'], pageOf(page, {})),
    'billing:subscribe': ({ planId }, ctx) => submit(ctx, billingOps['billing:subscribe'], { planId }),
    'billing:levelIncome': ({ page }, { call }) => forward(call, billingOps['billing:levelIncome'], pageOf(page, {})),

    'billing:deposits': ({ page }, { call }) => forward(call, billingOps['billing:deposits'], pageOf(page, {})),
    'billing:depositListen': async (_p, { call, ports }) => {
      const result = await forward(call, billingOps['billing:depositListen'], {});
      if (!result.ok) return result;
      const seconds = result.value.usdtListenExpiredInSeconds;
      if (!Number.isFinite(seconds) || seconds <= 0) return fail(502, REFUSED);
      return ok(saveDepositWindow(ports.settings, Date.now() + seconds * 1000));
    },
    'billing:depositWindow': async (_p, { ports }) => ok(readDepositWindow(ports.settings)),
    'billing:depositWindowClose': async (_p, { ports }) => ok(saveDepositWindow(ports.settings, null)),
    'billing:depositSync': (_p, { call }) => message(call, billingOps['billing:depositSync'], {}),

    'billing:withdrawals': ({ page }, { call }) => forward(call, billingOps['billing:withdrawals'], pageOf(page, {})),
    'billing:withdraw': ({ amount, toAddress }, ctx) => submit(ctx, billingOps['billing:withdraw'], { amount, toAddress }),
    'billing:swapReward': ({ amount }, ctx) => submit(ctx, billingOps['billing:swapReward'], { amount }),

    'billing:teamMembers': ({ level, page }, { call }) =>
      forward(call, billingOps['billing:teamMembers'], pageOf(page, { level })),
  },
};
