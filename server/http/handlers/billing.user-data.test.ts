import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_SUCCESS_CODE } from '../../../common/constants';
import { SERVER } from '../../../common/messages';
import { memberSubscriptions } from '../../db/schema';
import { findUserById } from '../../modules/accounts/users';
import { userData } from '../../modules/profile/session-user';
import type { LedgerAsset } from '../../modules/ledger/assets';
import { post } from '../../modules/ledger/post';
import { noteDate } from '../../modules/profile/subscription-status';
import { setSetting } from '../../modules/settings/settings';
import { grant } from '../../modules/subscriptions/subscriptions';
import { failAndRefund, markPaid } from '../../modules/withdrawals/settle';
import { databaseTargets } from '../../testing/databases';
import { bearer, register, type Registered } from '../../testing/members';
import { createBillingServer, type BillingServer } from '../../testing/billing-server';

const targets = await databaseTargets();
const DAY_MS = 86_400_000;
/** A well-known test phrase (never holds funds). */
const MNEMONIC = 'test test test test test test test test test test test junk';
const CHAIN_ENV = {
  BSC_RPC_URL: 'http://127.0.0.1:8545',
  DEPOSIT_MNEMONIC: MNEMONIC,
  TOKEN_USDT: `0x${'1'.repeat(40)}`,
  TOKEN_IFT: `0x${'2'.repeat(40)}`,
  TOKEN_IFX: `0x${'3'.repeat(40)}`,
};
/** A made-up payout key (never holds funds); only its presence matters here. */
const HOT_WALLET_PRIVATE_KEY = `0x${'ab'.repeat(32)}`;
/** The withdrawal terms before support staff change them, for a member without withdrawals. */
const DEFAULT_LIMITS = { minimum: '10', fee: '1', pendingMax: 3, pending: 0, dailyMax: 10, lastDay: 0 };

describe.each(targets)('billing service: user data on $name', (target) => {
  let server: BillingServer;
  let chain: BillingServer;
  let payouts: BillingServer;
  beforeAll(async () => {
    server = await createBillingServer(target);
    chain = await createBillingServer(target, CHAIN_ENV);
    payouts = await createBillingServer(target, { ...CHAIN_ENV, HOT_WALLET_PRIVATE_KEY });
  });
  afterAll(async () => {
    await server?.close();
    await chain?.close();
    await payouts?.close();
  });

  const db = () => server.database.db;
  const userDataOf = async (who: Registered, on: BillingServer = server) => {
    const res = await on.billing(who.token, '/user-data');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: BILLING_SUCCESS_CODE, msg: SERVER.accountOk });
    return res.json().data;
  };
  const credit = (who: Registered, asset: LedgerAsset, amount: string) =>
    post(db(), { key: randomUUID(), kind: 'adjustment', reason: 'test', legs: [{ userId: who.userId, asset, amount }] });
  const expireAt = (who: Registered, expireDate: Date) =>
    db().insert(memberSubscriptions).values({ userId: who.userId, expireDate, days: 1, source: 'test' });
  const profileOf = async (who: Registered) =>
    (await server.app.inject({ method: 'POST', url: '/account/user-profile', headers: bearer(who.token) })).json().data;
  const referralCheck = async (who: Registered) =>
    (await server.app.inject({ method: 'GET', url: `/api/referralIdcheck/${who.userCode}` })).json();

  it('Pending: never subscribed, isActiveSubscription left out, zero balances, no chain so no QR code', async () => {
    const who = await register(server);
    const data = await userDataOf(who);
    expect(data).toEqual({
      subscription: { expireDate: null, validityLabel: '0 days', isExpire: true, note: SERVER.subscriptionNone },
      usdtToken: '0',
      ifcNewToken: '0',
      ifcNewTokenPrice: '1',
      usdtRewardToken: '0',
      iftToken: '0',
      ifxToken: '0',
      qrCode: null,
      chainEnabled: false,
      withdrawalsEnabled: false,
      withdrawalLimits: DEFAULT_LIMITS,
    });
    expect(data).not.toHaveProperty('isActiveSubscription');
    expect(await profileOf(who)).toMatchObject({ isShowUserCode: false, userCodeMsg: SERVER.noActiveSubscriptionCode });
  });

  it('Active: days left, the expiry note, every ledger balance and the IFC price', async () => {
    const who = await register(server);
    const { expireDate } = await grant(db(), who.userId, 30, 'test', server.clock);
    await credit(who, 'USDT', '12.5');
    await credit(who, 'IFC', '3');
    await credit(who, 'USDT_REWARD', '2.25');
    await credit(who, 'IFT', '1');
    await credit(who, 'IFX', '4.000001');
    await setSetting(db(), 'ifcNewTokenPrice', '0.25');
    try {
      expect(await userDataOf(who)).toEqual({
        subscription: {
          expireDate: expireDate.toISOString(),
          validityLabel: '30 days',
          isExpire: false,
          note: SERVER.subscriptionExpiresOn(noteDate(expireDate)),
        },
        isActiveSubscription: true,
        usdtToken: '12.5',
        ifcNewToken: '3',
        ifcNewTokenPrice: '0.25',
        usdtRewardToken: '2.25',
        iftToken: '1',
        ifxToken: '4.000001',
        qrCode: null,
        chainEnabled: false,
        withdrawalsEnabled: false,
        withdrawalLimits: DEFAULT_LIMITS,
      });
    } finally {
      await setSetting(db(), 'ifcNewTokenPrice', '1');
    }
    // The referral code follows the subscription.
    expect(await profileOf(who)).toMatchObject({ isShowUserCode: true, userCodeMsg: '' });
    expect(await referralCheck(who)).toMatchObject({ exists: true });
  });

  it('In-Active: expired, 0 days, the expiry in the note; the referral code is hidden and refused again', async () => {
    const who = await register(server);
    const expired = new Date(server.clock().getTime() - 2 * DAY_MS);
    await expireAt(who, expired);
    const data = await userDataOf(who);
    expect(data).toMatchObject({
      isActiveSubscription: false,
      subscription: {
        expireDate: expired.toISOString(),
        validityLabel: '0 days',
        isExpire: true,
        note: SERVER.subscriptionExpiredOn(noteDate(expired)),
      },
    });
    expect(await profileOf(who)).toMatchObject({ isShowUserCode: false, userCodeMsg: SERVER.noActiveSubscriptionCode });
    expect(await referralCheck(who)).toMatchObject({ exists: false, message: SERVER.sponsorWithoutSubscription });
  });

  it('a subscription that runs out while the member is signed in turns In-Active', async () => {
    const who = await register(server);
    await expireAt(who, new Date(server.clock().getTime() + 60_000));
    expect(await userDataOf(who)).toMatchObject({ isActiveSubscription: true, subscription: { validityLabel: '1 day' } });
    expect((await profileOf(who)).isShowUserCode).toBe(true);
    server.clock.advance(120_000);
    expect(await userDataOf(who)).toMatchObject({
      isActiveSubscription: false,
      subscription: { validityLabel: '0 days', isExpire: true },
    });
    expect((await profileOf(who)).isShowUserCode).toBe(false);
  });

  it("login's userData says what user-data says (one source), keeping its boolean flag", async () => {
    const pending = await register(server);
    const active = await register(server);
    await grant(db(), active.userId, 10, 'test', server.clock);
    await credit(active, 'USDT_REWARD', '1.5');
    for (const who of [pending, active]) {
      const login = await userData(db(), (await findUserById(db(), who.userId))!, server.clock);
      const wallet = await userDataOf(who);
      expect(login.subscription).toEqual(wallet.subscription);
      expect(login.isActiveSubscription).toBe(wallet.isActiveSubscription === true);
      expect([login.usdtToken, login.ifcNewToken, login.ifcNewTokenPrice, login.usdtRewardToken]).toEqual([
        wallet.usdtToken,
        wallet.ifcNewToken,
        wallet.ifcNewTokenPrice,
        wallet.usdtRewardToken,
      ]);
    }
    // The login call itself still answers the member's data.
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: active.email, password: active.password },
    });
    expect(res.json()).toMatchObject({ id: active.userId, isActiveSubscription: true, subscription: { isExpire: false } });
  });

  it("with a chain: the member's deposit address and its QR code as a PNG data URL, the same on every call", async () => {
    const who = await register(chain);
    const data = await userDataOf(who, chain);
    expect(data.chainEnabled).toBe(true);
    expect(data.qrCode.value).toMatch(/^0x[0-9a-f]{40}$/);
    expect(data.qrCode.base64).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(data.qrCode.base64.slice('data:image/png;base64,'.length), 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect((await userDataOf(who, chain)).qrCode).toEqual(data.qrCode);
    const other = await register(chain);
    expect((await userDataOf(other, chain)).qrCode.value).not.toBe(data.qrCode.value);
  });

  it('withdrawalsEnabled says whether a withdrawal would be taken: it needs the hot wallet as well as the chain', async () => {
    const withdrawOn = async (on: BillingServer) => {
      const who = await register(on);
      await post(on.database.db, {
        key: randomUUID(),
        kind: 'adjustment',
        reason: 'test',
        legs: [{ userId: who.userId, asset: 'USDT_REWARD', amount: '15' }],
      });
      const data = await userDataOf(who, on);
      const res = await on.billing(who.token, '/withdraw/create', { amount: '10', toAddress: `0x${'4'.repeat(40)}` });
      return { flags: [data.chainEnabled, data.withdrawalsEnabled], taken: res.json().code === BILLING_SUCCESS_CODE };
    };
    // No chain at all; a chain but no payout key (deposits on, payouts off); both.
    expect(await withdrawOn(server)).toEqual({ flags: [false, false], taken: false });
    expect(await withdrawOn(chain)).toEqual({ flags: [true, false], taken: false });
    expect(await withdrawOn(payouts)).toEqual({ flags: [true, true], taken: true });
  });

  it("withdrawalLimits: the terms support staff set, and the member's pending and last-24-hours counts (FAILED ones aside)", async () => {
    const on = payouts.database.db;
    const who = await register(payouts);
    await post(on, {
      key: randomUUID(),
      kind: 'adjustment',
      reason: 'test',
      legs: [{ userId: who.userId, asset: 'USDT_REWARD', amount: '100' }],
    });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(
        (await payouts.billing(who.token, '/withdraw/create', { amount: '10', toAddress: `0x${'4'.repeat(40)}` })).json().data.id,
      );
    }
    await markPaid(on, ids[0]!, payouts.clock());
    await failAndRefund(on, ids[1]!, 'test', payouts.clock());
    expect((await userDataOf(who, payouts)).withdrawalLimits).toEqual({ ...DEFAULT_LIMITS, pending: 1, lastDay: 2 });
    await setSetting(on, 'withdrawalFee', '0.5');
    await setSetting(on, 'withdrawalMinimum', '2.5');
    await setSetting(on, 'withdrawalPendingMax', 5);
    await setSetting(on, 'withdrawalDailyMax', 20);
    try {
      expect((await userDataOf(who, payouts)).withdrawalLimits).toEqual({
        minimum: '2.5',
        fee: '0.5',
        pendingMax: 5,
        pending: 1,
        dailyMax: 20,
        lastDay: 2,
      });
    } finally {
      await setSetting(on, 'withdrawalFee', '1');
      await setSetting(on, 'withdrawalMinimum', '10');
      await setSetting(on, 'withdrawalPendingMax', 3);
      await setSetting(on, 'withdrawalDailyMax', 10);
    }
    payouts.clock.advance(DAY_MS + 1);
    expect((await userDataOf(who, payouts)).withdrawalLimits).toEqual({ ...DEFAULT_LIMITS, pending: 1, lastDay: 0 });
  });

  it('needs a signed-in member', async () => {
    expect((await server.billing(null, '/user-data')).statusCode).toBe(401);
  });
});
