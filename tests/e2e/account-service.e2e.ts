/**
 * The account-service screens end to end as the demo member, on a local BEP-20 chain: a plan
 * bought on Subscription (USDT credited through the ledger as support staff would), 'make
 * payment' on Deposit showing the QR code, address and countdown, a faucet transfer credited
 * after 'sync status' and the countdown still running after a reload, a withdrawal and a reward
 * swap on Withdraw, the referral code and reward history, and the team. The reward comes from
 * Nora, who joined through the demo member's code and bought a plan over the API.
 * Real renderer, main's handlers (bridged), server with its chain role, ganache.
 */
import { ethers } from 'ethers';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LABELS, SERVER, TEXT, UI } from '../../common/messages';
// For the app.deps declaration the server's HTTP layer adds to Fastify.
import type { AppDeps } from '../../server/http/types';
import { findUserByEmail } from '../../server/modules/accounts/users';
import { post as postLedger } from '../../server/modules/ledger/post';
import { addPlan } from '../../server/modules/subscriptions/plans';
import { startChainForStack, type StackChain } from './support/chain';
import { DEMO_MEMBER, logInAs, otpFrom, startStack, type Stack } from './support/stack';

const PLAN_DAYS = 45;
const NORA = { username: 'Nora', email: 'nora@example.com', contactNo: '5550199', password: 'nora-pass-1', referralId: 'DEMO01' };

let stack: Stack;
let local: StackChain;
const chain = () => local.chain;

async function postJson(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** Support staff credit a member's account (`npm run admin -- adjust` writes the same posting). */
async function credit(deps: AppDeps, email: string, amount: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new Error(`no member ${email}`);
  await postLedger(deps.db, { key: `e2e-credit:${email}`, kind: 'adjustment', reason: 'e2e funding', legs: [{ userId: user.id, asset: 'USDT', amount }] });
}

beforeAll(async () => {
  local = await startChainForStack();
  stack = await startStack(local.env, {
    prepare: async ({ server, smtp }) => {
      const deps: AppDeps = server.app.deps;
      const plan = await addPlan(deps.db, '40', PLAN_DAYS);
      await credit(deps, DEMO_MEMBER.email, '100');
      // Nora joins through the demo member's code and buys the plan: a level 1 reward for Demo.
      await postJson(`${server.url}/api/signup`, NORA);
      const mail = await smtp.waitFor((m) => m.to.includes(NORA.email));
      const verified = await postJson(`${server.url}/api/verify-otp`, { ...NORA, otp: otpFrom(mail.text) });
      await credit(deps, NORA.email, '100');
      const bought = await postJson(`${server.url}/account/subscription/create`, { planId: plan.id }, String(verified.token));
      expect(bought.code).toBe('0000');
    },
  });
  await stack.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
  await logInAs(stack);
});
afterAll(async () => {
  await stack?.close();
  await local?.close();
});

const page = () => stack.page;
const group = (name: string) => page().getByRole('group', { name, exact: true });
const seen = (text: string, scope: Locator | null = null) => (scope ?? page()).getByText(text, { exact: true }).first().waitFor();
const button = (name: string, scope: Locator | null = null) => (scope ?? page()).getByRole('button', { name, exact: true });

/** The body rows of the table named `label`, as their cells' text. */
async function rows(label: string): Promise<string[][]> {
  const trs = page().getByLabel(label, { exact: true }).locator('tbody tr.ant-table-row');
  const out: string[][] = [];
  for (const tr of await trs.all()) out.push(await tr.locator('td').allInnerTexts());
  return out.map((cells) => cells.map((c) => c.trim()));
}

describe('account service screens', () => {
  it('buys a plan on Subscription, paying from the USDT balance', async () => {
    await stack.open('/subscription');
    await seen('100.00', group(ACCOUNT_LABELS.usdtBalance));
    await seen(ACCOUNT_LABELS.statusActive, group(ACCOUNT_LABELS.status));
    const plan = group(ACCOUNT_LABELS.planDays(PLAN_DAYS));
    await seen(ACCOUNT_LABELS.planPrice('40.00', '40.00'), plan);
    await button(ACCOUNT_LABELS.subscribe, plan).click();
    await seen(SERVER.subscriptionPurchased);
    await seen('60.00', group(ACCOUNT_LABELS.usdtBalance));
    await expect.poll(async () => (await rows(ACCOUNT_LABELS.subscriptionHistory)).some((r) => r[1] === '40.00' && r[3] === String(PLAN_DAYS))).toBe(true);
  });

  it('shows the deposit address with a countdown, credits a faucet transfer on sync, and keeps counting after a reload', async () => {
    await stack.open('/Wallet-deposit');
    await seen(ACCOUNT_LABELS.bep20Note);
    await button(ACCOUNT_LABELS.makePayment).click();
    const view = page().getByRole('region', { name: ACCOUNT_LABELS.depositAddress });
    await view.getByRole('img', { name: ACCOUNT_LABELS.depositQrAlt }).waitFor();
    expect(await view.getByRole('timer').textContent()).toMatch(/^Time left: (10:00|09:5\d)$/);
    const address = (await view.locator('code').textContent())?.trim() ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await button(ACCOUNT_LABELS.copyAddress, view).click();
    await seen(UI.addressCopied);

    const { txHash } = await chain().faucet('USDT', address, '25');
    await chain().mine(2);
    // Sync asks for a scan and waits for it; its msg shows either way, then the history reloads.
    await expect
      .poll(async () => {
        await button(ACCOUNT_LABELS.syncStatus).click();
        await page().locator('.ant-message-notice').first().waitFor();
        return (await rows(ACCOUNT_LABELS.depositHistory)).find((r) => r[1] === 'USDT');
      }, { timeout: 60_000, interval: 1_000 })
      .toEqual(['1', 'USDT', '25.00', `${txHash.slice(0, 10)}…${txHash.slice(-8)}`, expect.any(String)]);
    await seen('85.00', group(ACCOUNT_LABELS.usdtBalance));

    await stack.open('/Wallet-deposit');
    const again = page().getByRole('region', { name: ACCOUNT_LABELS.depositAddress });
    expect(await again.getByRole('timer').textContent()).toMatch(/^Time left: 0\d:\d\d$/);
    expect(await button(ACCOUNT_LABELS.makePayment).isDisabled()).toBe(true);
  });

  it('withdraws part of the rewards to a BEP-20 address and lists it', async () => {
    await stack.open('/withdraw');
    await seen('$2.00', group(ACCOUNT_LABELS.rewardsEarned));
    const to = ethers.Wallet.createRandom().address;
    await page().getByLabel(ACCOUNT_LABELS.colAmount, { exact: true }).fill('1x');
    expect(await page().getByLabel(ACCOUNT_LABELS.colAmount, { exact: true }).inputValue()).toBe('1');
    await page().getByLabel(ACCOUNT_LABELS.toAddress, { exact: true }).fill(to);
    await button(ACCOUNT_LABELS.withdraw).click();
    await seen(SERVER.withdrawRequested);
    await expect.poll(async () => (await rows(ACCOUNT_LABELS.withdrawHistory))[0]?.slice(0, 3)).toEqual(['1', '1.00', to]);
    await seen('$1.00', group(ACCOUNT_LABELS.rewardsEarned));
    // The chain role's payout worker pays it from the hot wallet: SUCCESS once confirmed.
    await expect.poll(async () => {
      await stack.open('/withdraw');
      await seen(to, page().getByLabel(ACCOUNT_LABELS.withdrawHistory, { exact: true }));
      return (await rows(ACCOUNT_LABELS.withdrawHistory))[0]?.[3];
    }, { timeout: 60_000, interval: 1_000 }).toBe('SUCCESS');
    expect(await chain().balanceOf('USDT', to)).toBe('1.0');
  });

  it('swaps rewards into the USDT wallet from the rewards modal', async () => {
    await stack.open('/withdraw');
    await seen('$1.00', group(ACCOUNT_LABELS.rewardsEarned));
    await page().getByRole('button', { name: new RegExp(`${ACCOUNT_LABELS.swapRewards}$`) }).click();
    const dialog = page().getByRole('dialog');
    await dialog.getByLabel(ACCOUNT_LABELS.swapAmount, { exact: true }).fill('5');
    await button(ACCOUNT_LABELS.swap, dialog).click();
    await seen('Amount must be less than or equal to 1.', dialog);
    await dialog.getByLabel(ACCOUNT_LABELS.swapAmount, { exact: true }).fill('0.5');
    await button(ACCOUNT_LABELS.swap, dialog).click();
    await seen(SERVER.rewardSwapped);
    await seen('$0.50', group(ACCOUNT_LABELS.rewardsEarned));
  });

  it('shows the referral code with copy, and the reward from the referred member', async () => {
    await stack.open('/referral-program');
    await seen('$0.50', group(ACCOUNT_LABELS.rewardsEarned));
    const code = group(ACCOUNT_LABELS.myReferralId);
    await seen('DEMO01', code);
    await button(ACCOUNT_LABELS.copyReferralId, code).click();
    await seen(UI.referralCopied);
    await expect.poll(() => rows(ACCOUNT_LABELS.rewardHistory)).toEqual([['1', '$2.00', '5%', NORA.username, expect.any(String)]]);
    expect(await page().getByRole('button', { name: 'Next' }).count()).toBe(0);
    expect(await page().getByText(TEXT.noRecords).count()).toBe(0);
  });

  it('shows the team levels and the members of level 1', async () => {
    await stack.open('/my-team');
    const level1 = page().getByRole('button', { name: ACCOUNT_LABELS.level(1), exact: true });
    await seen('5%', level1);
    await seen('$40.00', level1);
    await expect
      .poll(() => rows(ACCOUNT_LABELS.levelMembers(1)))
      .toEqual([['1', NORA.username, 'Demo', '$40.00', '$2.00', ACCOUNT_LABELS.statusActive]]);
  });
});
