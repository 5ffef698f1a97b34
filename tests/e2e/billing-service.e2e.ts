/**
 * The "done when" flow end to end, all in the app, on a local BEP-20 chain: Nora, who
 * joined through the demo member's referral code, opens 'make payment' on Deposit (QR code,
 * address, countdown), gets USDT from the chain's faucet at her deposit address, sees it credited
 * after 'sync status' (the countdown still running after a reload) and buys a plan with it on
 * Subscription. Her sponsor, the demo member, then finds the level 1 reward on Referral programme,
 * withdraws part of it to a BEP-20 address (paid from the hot wallet, less the network fee), swaps part into the USDT
 * wallet, and sees Nora on My Team.
 * Real renderer, main's handlers (bridged), server with its chain role, ganache.
 */
import { ethers } from 'ethers';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LABELS, LABELS, SERVER, TEXT, UI } from '../../common/messages';
// For the app.deps declaration the server's HTTP layer adds to Fastify.
import type { AppDeps } from '../../server/http/types';
import { setSetting } from '../../server/modules/settings/settings';
import { addPlan } from '../../server/modules/subscriptions/plans';
import { startChainForStack, type StackChain } from './support/chain';
import { settledDialog } from './support/dialogs';
import { DEMO_MEMBER, logInAs, signUpOverApi, startStack, type Stack } from './support/stack';

const PLAN_DAYS = 45;
/** What Nora deposits, the plan's price, and the level 1 share (5 %) her purchase earns Demo. */
const DEPOSIT_USDT = '50';
const PLAN_USDT = '40';
/** The network fee kept from each withdrawal: 1 USDT withdrawn, 0.75 arrives. */
const WITHDRAWAL_FEE = '0.25';
const NORA = { username: 'Nora', email: 'nora@example.com', contactNo: '5550199', password: 'nora-pass-1', referralId: 'DEMO01' };

let stack: Stack;
let local: StackChain;
const chain = () => local.chain;

beforeAll(async () => {
  local = await startChainForStack();
  stack = await startStack(local.env, {
    prepare: async (ready) => {
      const deps: AppDeps = ready.server.app.deps;
      // Support staff put a plan on offer; Nora joins through the demo member's code. Her money
      // comes only from the chain, in the app.
      await addPlan(deps.db, PLAN_USDT, PLAN_DAYS);
      // The 2 USDT reward is below the default minimum (10, fee 1): support staff's settings
      // let a small withdrawal through, the fee first (it must stay below the minimum).
      await setSetting(deps.db, 'withdrawalFee', WITHDRAWAL_FEE);
      await setSetting(deps.db, 'withdrawalMinimum', '1');
      await signUpOverApi(ready, NORA);
    },
  });
  await stack.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
  await logInAs(stack, NORA);
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

/** Logs out through the side menu (as member-access does) and signs in as `member`. */
async function switchTo(member: { email: string; password: string }) {
  await page().getByRole('navigation', { name: 'Main' }).getByRole('menuitem', { name: LABELS.logout }).click();
  await page().waitForURL((url) => url.hash === '#/' || url.hash.startsWith('#/?'));
  await logInAs(stack, member);
}

describe('billing service: deposit, subscribe, level reward, withdraw and swap', () => {
  it('the member deposits faucet USDT: make payment, the transfer credited on sync, the balance shown', async () => {
    await stack.open('/Wallet-deposit');
    await seen(ACCOUNT_LABELS.bep20Note);
    await seen('0.00', group(ACCOUNT_LABELS.usdtBalance));
    await button(ACCOUNT_LABELS.makePayment).click();
    const view = page().getByRole('region', { name: ACCOUNT_LABELS.depositAddress });
    await view.getByRole('img', { name: ACCOUNT_LABELS.depositQrAlt }).waitFor();
    expect(await view.getByRole('timer').textContent()).toMatch(/^Time left: (10:00|09:5\d)$/);
    const address = (await view.locator('code').textContent())?.trim() ?? '';
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await button(ACCOUNT_LABELS.copyAddress, view).click();
    await seen(UI.addressCopied);

    const { txHash } = await chain().faucet('USDT', address, DEPOSIT_USDT);
    await chain().mine(2);
    // Sync asks for a scan and waits for it; its msg shows either way, then the history reloads.
    await expect
      .poll(
        async () => {
          await button(ACCOUNT_LABELS.syncStatus).click();
          await page().locator('.ant-message-notice').first().waitFor();
          return (await rows(ACCOUNT_LABELS.depositHistory)).find((r) => r[1] === 'USDT');
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toEqual(['1', 'USDT', '50.00', `${txHash.slice(0, 10)}…${txHash.slice(-8)}`, expect.any(String)]);
    await seen('50.00', group(ACCOUNT_LABELS.usdtBalance));

    await stack.open('/Wallet-deposit');
    const again = page().getByRole('region', { name: ACCOUNT_LABELS.depositAddress });
    expect(await again.getByRole('timer').textContent()).toMatch(/^Time left: 0\d:\d\d$/);
    expect(await button(ACCOUNT_LABELS.makePayment).isDisabled()).toBe(true);
  });

  it('buys a plan on Subscription with the deposited USDT', async () => {
    await stack.open('/subscription');
    await seen('50.00', group(ACCOUNT_LABELS.usdtBalance));
    await seen(ACCOUNT_LABELS.statusPending, group(ACCOUNT_LABELS.status));
    const plan = group(ACCOUNT_LABELS.planDays(PLAN_DAYS));
    await seen(ACCOUNT_LABELS.planPrice('40.00', '40.00'), plan);
    await button(ACCOUNT_LABELS.subscribe, plan).click();
    await seen(SERVER.subscriptionPurchased);
    await seen('10.00', group(ACCOUNT_LABELS.usdtBalance));
    await seen(ACCOUNT_LABELS.statusActive, group(ACCOUNT_LABELS.status));
    await expect
      .poll(async () =>
        (await rows(ACCOUNT_LABELS.subscriptionHistory)).some((r) => r[1] === '40.00' && r[3] === String(PLAN_DAYS)),
      )
      .toBe(true);
  });

  it('the sponsor finds the level 1 reward on Referral programme, with the referral code to copy', async () => {
    await switchTo(DEMO_MEMBER);
    await stack.open('/referral-program');
    await seen('$2.00', group(ACCOUNT_LABELS.rewardsEarned));
    const code = group(ACCOUNT_LABELS.myReferralId);
    await seen('DEMO01', code);
    await button(ACCOUNT_LABELS.copyReferralId, code).click();
    await seen(UI.referralCopied);
    await expect
      .poll(() => rows(ACCOUNT_LABELS.rewardHistory))
      .toEqual([['1', '$2.00', '5%', NORA.username, expect.any(String)]]);
    expect(await page().getByRole('button', { name: 'Next' }).count()).toBe(0);
    expect(await page().getByText(TEXT.noRecords).count()).toBe(0);
  });

  it('withdraws part of the rewards to a BEP-20 address and lists it', async () => {
    await stack.open('/withdraw');
    await seen('$2.00', group(ACCOUNT_LABELS.rewardsEarned));
    expect(await page().getByText(ACCOUNT_LABELS.withdrawalsUnavailable).count()).toBe(0);
    const to = ethers.Wallet.createRandom().address;
    await page().getByLabel(ACCOUNT_LABELS.colAmount, { exact: true }).fill('1x');
    expect(await page().getByLabel(ACCOUNT_LABELS.colAmount, { exact: true }).inputValue()).toBe('1');
    await page().getByLabel(ACCOUNT_LABELS.toAddress, { exact: true }).fill(to);
    // The terms before submitting: the minimum, the fee and what arrives.
    const terms = page().getByLabel(ACCOUNT_LABELS.withdrawTerms, { exact: true });
    await seen(ACCOUNT_LABELS.usdtAmount('1'), terms);
    await seen(ACCOUNT_LABELS.usdtAmount(WITHDRAWAL_FEE), terms);
    await seen(ACCOUNT_LABELS.usdtAmount('0.75'), terms);
    await button(ACCOUNT_LABELS.withdraw).click();
    await seen(SERVER.withdrawRequested);
    await expect.poll(async () => (await rows(ACCOUNT_LABELS.withdrawHistory))[0]?.slice(0, 3)).toEqual(['1', '1.00', to]);
    await seen('$1.00', group(ACCOUNT_LABELS.rewardsEarned));
    // The chain role's payout worker pays it from the hot wallet: SUCCESS once confirmed.
    await expect
      .poll(
        async () => {
          await stack.open('/withdraw');
          await seen(to, page().getByLabel(ACCOUNT_LABELS.withdrawHistory, { exact: true }));
          return (await rows(ACCOUNT_LABELS.withdrawHistory))[0]?.[3];
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe('SUCCESS');
    expect(await chain().balanceOf('USDT', to)).toBe('0.75'); // the fee stayed with the platform
  });

  it('swaps rewards into the USDT wallet from the rewards modal', async () => {
    await stack.open('/withdraw');
    await seen('$1.00', group(ACCOUNT_LABELS.rewardsEarned));
    await page()
      .getByRole('button', { name: new RegExp(`${ACCOUNT_LABELS.swapRewards}$`) })
      .click();
    const dialog = settledDialog(page());
    await dialog.getByLabel(ACCOUNT_LABELS.swapAmount, { exact: true }).fill('5');
    await button(ACCOUNT_LABELS.swap, dialog).click();
    await seen('Amount must be less than or equal to 1.', dialog);
    await dialog.getByLabel(ACCOUNT_LABELS.swapAmount, { exact: true }).fill('0.5');
    await button(ACCOUNT_LABELS.swap, dialog).click();
    await seen(SERVER.rewardSwapped);
    await seen('$0.50', group(ACCOUNT_LABELS.rewardsEarned));
    // The swapped half is now spendable USDT (the demo member had none before).
    await stack.open('/subscription');
    await seen('0.50', group(ACCOUNT_LABELS.usdtBalance));
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
