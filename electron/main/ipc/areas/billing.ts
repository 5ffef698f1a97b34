/**
 * Billing-service channels (the /account HTTP service; SPEC section 7: Subscription, deposit,
 * withdraw; Profile, referral, team). Every call is a POST under /account answered
 * `{code:'0000', data, msg}`; another code, or an HTTP error, carries the service's `msg`,
 * which the member reads as is (SPEC section 8).
 * Subscribe, withdraw and the reward swap carry an Idempotency-Key (./submission-keys.ts).
 */
import type { BillingEnvelope } from '../../../../common/api/billing';
import type { Paged, PlansData } from '../../../../common/api/subscriptions';
import type { DepositListenData } from '../../../../common/api/billing';
import { BILLING_SUCCESS_CODE, PAGE_SIZE_LISTS } from '../../../../common/constants';
import type { DepositWindow, IpcResult, ServiceMessage } from '../../../../common/ipc/contract';
import type { DepositListenWindow, SettingsStore } from '../../ports/types';
import type { HandlerContext, IpcArea } from '../context';
import { errorFromReply, fail, isSuccess, ok } from '../result';
import { submissionKeys } from './submission-keys';

const REFUSED = 'The account service refused the request.';

/** One billing-service call: the envelope's data and msg, or its msg as the error. */
async function service<T>(
  call: HandlerContext['call'],
  path: string,
  body: unknown = {},
  headers?: Record<string, string>,
): Promise<IpcResult<{ data: T | undefined; msg: string }>> {
  const reply = await call('POST', `/account${path}`, body, headers);
  if (!isSuccess(reply)) return errorFromReply(reply);
  const envelope = reply.body as Partial<BillingEnvelope<T>> | null;
  if (envelope?.code !== BILLING_SUCCESS_CODE) return fail(400, envelope?.msg || REFUSED);
  return ok({ data: envelope.data, msg: envelope.msg ?? '' });
}

/** A call whose data the screen needs: a reply without data is a refusal. */
async function data<T>(call: HandlerContext['call'], path: string, body?: unknown): Promise<IpcResult<T>> {
  const result = await service<T>(call, path, body);
  if (!result.ok) return result;
  return result.value.data === undefined ? fail(502, REFUSED) : ok(result.value.data);
}

/** A call whose msg the member reads (subscribe, sync, withdraw, swap). */
async function message<T = undefined>(
  call: HandlerContext['call'],
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<IpcResult<ServiceMessage<T>>> {
  const result = await service<T>(call, path, body, headers);
  if (!result.ok) return result;
  const { data: value, msg } = result.value;
  return ok(value === undefined ? { message: msg } : { message: msg, data: value });
}

/**
 * A member's money-moving submission: `message` with the Idempotency-Key this member, path and
 * body hold (the same after an unknown outcome, a new one after a definite answer).
 */
function submit<T = undefined>(ctx: HandlerContext, path: string, body: Record<string, string>): Promise<IpcResult<ServiceMessage<T>>> {
  const submission = JSON.stringify([ctx.ports.settings.get('email'), path, body]);
  return submissionKeys(ctx.ports).submit(submission, (key) => message<T>(ctx.call, path, body, { 'Idempotency-Key': key }));
}

/** SPEC section 7's list body: empty filters, 10 a page. */
const pageOf = (page: number, filters: Record<string, unknown> = {}) => ({ filters, limit: PAGE_SIZE_LISTS, page });

const paged = <T>(call: HandlerContext['call'], path: string, page: number) =>
  data<Paged<T>>(call, path, pageOf(page));

/**
 * The saved listening window, one per desktop, tagged with the member it belongs to so another
 * member signing in on this desktop never inherits it. The settings file is the member's to
 * edit: a malformed value reads as no window.
 */
export function readDepositWindow(settings: SettingsStore, now = Date.now()): DepositWindow {
  const saved = settings.get('depositListenWindow') as Partial<DepositListenWindow> | null;
  const mine = saved !== null && (saved.email ?? null) === settings.get('email');
  const open = mine && typeof saved.endsAt === 'number' && saved.endsAt > now;
  return { endsAt: open ? (saved.endsAt as number) : null };
}

function saveDepositWindow(settings: SettingsStore, endsAt: number | null): DepositWindow {
  settings.set('depositListenWindow', endsAt === null ? null : { email: settings.get('email'), endsAt });
  return { endsAt };
}

export const billingArea: IpcArea = {
  name: 'billing',
  handlers: {
    'billing:userData': async (_p, { call }) => data(call, '/user-data'),
    'billing:plans': async (_p, { call }) => {
      const result = await data<PlansData>(call, '/subscription/plans');
      return result.ok ? ok(result.value.plans ?? []) : result;
    },
    'billing:subscriptions': async ({ page }, { call }) => paged(call, '/subscription/list', page),
    'billing:subscribe': async ({ planId }, ctx) => submit(ctx, '/subscription/create', { planId }),
    'billing:levelReward': async (_p, { call }) => data(call, '/level-income/level-reward'),
    'billing:levelIncome': async ({ page }, { call }) => paged(call, '/level-income/list', page),

    'billing:deposits': async ({ page }, { call }) => paged(call, '/wallet/deposit/list', page),
    'billing:depositListen': async (_p, { call, ports }) => {
      const result = await data<DepositListenData>(call, '/wallet/usdt/deposit/listen');
      if (!result.ok) return result;
      const seconds = Number(result.value.usdtListenExpiredInSeconds);
      if (!Number.isFinite(seconds) || seconds <= 0) return fail(502, REFUSED);
      return ok(saveDepositWindow(ports.settings, Date.now() + seconds * 1000));
    },
    'billing:depositWindow': async (_p, { ports }) => ok(readDepositWindow(ports.settings)),
    'billing:depositWindowClose': async (_p, { ports }) => ok(saveDepositWindow(ports.settings, null)),
    'billing:depositSync': async (_p, { call }) => message(call, '/wallet/usdt/deposit/sync'),

    'billing:withdrawals': async ({ page }, { call }) => paged(call, '/withdraw/list', page),
    'billing:withdraw': async ({ amount, toAddress }, ctx) => submit(ctx, '/withdraw/create', { amount, toAddress }),
    'billing:swapReward': async ({ amount }, ctx) => submit(ctx, '/swap/usdt-reward/create', { amount }),

    'billing:teamLevels': async (_p, { call }) => data(call, '/team/dashboard'),
    'billing:teamMembers': async ({ level, page }, { call }) =>
      data(call, '/team/level-member', pageOf(page, { level })),
  },
};
