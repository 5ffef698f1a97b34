import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Plan, SubscriptionRecord } from '../../../common/api/subscriptions';
import type { WalletUserData } from '../../../common/api/billing';
import { ACCOUNT_LABELS, BOT_LABELS, SERVER, STATE_LABELS, TEXT } from '../../../common/messages';
import { emptyPage, pageOf, tableRows, walletUserData } from '../../components/billing/testing/fixtures';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';
import { expectConsoleErrors } from '../../testing/console';

const plans: Plan[] = [
  { id: 'p30', usdtToken: '40', ifcNewToken: '160', days: 30 },
  { id: 'p90', usdtToken: '100', ifcNewToken: '400', days: 90 },
];
const purchase = (n: number): SubscriptionRecord => ({
  id: `s${n}`,
  usdtToken: '40',
  ifcNewToken: '0',
  ifcToken: '0',
  ifxToken: '0',
  days: 30,
  availableCredit: `${100 - n}`,
  createdAt: '2026-11-20T10:00:00Z',
});

function open(userData: WalletUserData = walletUserData(), pages = 1): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('billing:userData', () => ok(userData));
  bridge.handle('billing:plans', () => ok(plans));
  bridge.handle('billing:subscriptions', ({ page }) => ok(pages === 0 ? emptyPage() : pageOf(purchase, page, pages)));
  bridge.handle('billing:subscribe', () => ok({ message: SERVER.subscriptionPurchased }));
  renderApp('/subscription');
  return bridge;
}

const figure = (title: string) => screen.findByRole('group', { name: title });
const plan = (days: number) => screen.findByRole('group', { name: ACCOUNT_LABELS.planDays(days) });

describe('subscription', () => {
  it('shows expiry, status, validity, the note and both balances with the IFC dollar value', async () => {
    open();
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.validity })).getByText('30 days')).toBeTruthy(),
    );
    expect(within(await figure(ACCOUNT_LABELS.expiryDate)).getByText('2026-12-31')).toBeTruthy();
    expect(within(await figure(ACCOUNT_LABELS.status)).getByText(ACCOUNT_LABELS.statusActive)).toBeTruthy();
    expect(screen.getByText('Your subscription renews nothing by itself.')).toBeTruthy();
    expect(within(await figure(ACCOUNT_LABELS.usdtBalance)).getByText('120.46')).toBeTruthy();
    const ifc = await figure(ACCOUNT_LABELS.ifcWallet);
    expect(within(ifc).getByText('400.00')).toBeTruthy();
    expect(within(ifc).getByText(ACCOUNT_LABELS.ifcValue('100.00'))).toBeTruthy();
  });

  it.each([
    [undefined, ACCOUNT_LABELS.statusPending],
    [true, ACCOUNT_LABELS.statusActive],
    [false, ACCOUNT_LABELS.statusInactive],
  ])('shows isActiveSubscription %s as %s', async (flag, label) => {
    const data = walletUserData();
    if (flag === undefined) delete data.isActiveSubscription;
    else data.isActiveSubscription = flag;
    open(data);
    const status = await figure(ACCOUNT_LABELS.status);
    await waitFor(() => expect(within(status).getByText(label)).toBeTruthy());
  });

  it('links to Deposit and Withdraw', async () => {
    open();
    const usdt = await figure(ACCOUNT_LABELS.usdtBalance);
    expect((await within(usdt).findByRole('link', { name: ACCOUNT_LABELS.withdraw })).getAttribute('href')).toBe('#/withdraw');
    fireEvent.click(within(usdt).getByRole('link', { name: ACCOUNT_LABELS.deposit }));
    await waitFor(() => expect(currentPath()).toBe('/Wallet-deposit'));
  });

  it('lists the plans and subscribes, showing the msg and reading balances and history again', async () => {
    const bridge = open();
    const card = await plan(90);
    expect(within(card).getByText(ACCOUNT_LABELS.planPrice('100.00', '400.00'))).toBeTruthy();
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.subscriptionHistory)).toHaveLength(7));
    const before = { user: bridge.callsTo('billing:userData').length, list: bridge.callsTo('billing:subscriptions').length };
    fireEvent.click(within(card).getByRole('button', { name: ACCOUNT_LABELS.subscribe }));
    expect(await screen.findByText(SERVER.subscriptionPurchased)).toBeTruthy();
    expect(bridge.callsTo('billing:subscribe')).toEqual([{ planId: 'p90' }]);
    await waitFor(() => expect(bridge.callsTo('billing:userData').length).toBeGreaterThan(before.user));
    await waitFor(() => expect(bridge.callsTo('billing:subscriptions').length).toBeGreaterThan(before.list));
  });

  it("shows the service's msg when it refuses a purchase, and still reads the balances again", async () => {
    const bridge = open();
    const refusal = SERVER.subscriptionUnaffordable('40.00', '160.00');
    bridge.handle('billing:subscribe', () => fail(400, refusal));
    const card = await plan(30);
    await waitFor(() => expect(bridge.callsTo('billing:userData')).toHaveLength(1));
    fireEvent.click(within(card).getByRole('button', { name: ACCOUNT_LABELS.subscribe }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    await waitFor(() => expect(bridge.callsTo('billing:userData').length).toBeGreaterThan(1));
  });

  it('shows the history 10 a page, numbering rows on across pages', async () => {
    const bridge = open(walletUserData(), 3);
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.subscriptionHistory)).toHaveLength(10));
    expect(tableRows(ACCOUNT_LABELS.subscriptionHistory)[0]?.slice(0, 6)).toEqual([
      '1',
      '40.00',
      '0.00',
      '30',
      '99.00',
      expect.stringMatching(/^2026-11-2/),
    ]);
    fireEvent.click(screen.getByRole('button', { name: BOT_LABELS.pageNumber(3) }));
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.subscriptionHistory)[0]?.[0]).toBe('21'));
    expect(bridge.callsTo('billing:subscriptions')).toEqual([{ page: 1 }, { page: 3 }]);
  });

  it("says 'No Records Found.' for no purchases and 'no plans' for an empty list", async () => {
    const bridge = open(walletUserData(), 0);
    bridge.handle('billing:plans', () => ok([]));
    expect(await screen.findByText(TEXT.noRecords)).toBeTruthy();
    expect(await screen.findByText(ACCOUNT_LABELS.noPlans)).toBeTruthy();
  });

  it("never shows 'Pending' or 0.00 as facts when the data cannot be read; Retry reads it again", async () => {
    const errors = expectConsoleErrors();
    const bridge = open();
    bridge.handle('billing:userData', () => fail(500, 'down'));
    bridge.handle('billing:plans', () => fail(500, 'down'));
    bridge.handle('billing:subscriptions', () => fail(500, 'down'));
    await waitFor(() => expect(screen.getAllByText(STATE_LABELS.loadFailed)).toHaveLength(3));
    expect(screen.queryByText(ACCOUNT_LABELS.statusPending)).toBeNull();
    expect(screen.queryByText('0.00')).toBeNull();
    expect(screen.queryByText(ACCOUNT_LABELS.noPlans)).toBeNull();
    expect(screen.queryByText(TEXT.noRecords)).toBeNull();
    expect(screen.queryByText('down')).toBeNull();
    expect(errors).toHaveBeenCalled();
    bridge.handle('billing:userData', () => ok(walletUserData()));
    bridge.handle('billing:plans', () => ok(plans));
    bridge.handle('billing:subscriptions', ({ page }) => ok(pageOf(purchase, page, 1)));
    for (const button of screen.getAllByRole('button', { name: STATE_LABELS.retry })) fireEvent.click(button);
    await waitFor(() => expect(screen.queryByText(STATE_LABELS.loadFailed)).toBeNull());
    expect(await plan(30)).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.validity })).getByText('30 days')).toBeTruthy(),
    );
  });

  it('shows skeletons, not Pending or 0.00, while loading', async () => {
    const bridge = open();
    const pending = deferred<ReturnType<typeof ok<WalletUserData>>>();
    const plansPending = deferred<ReturnType<typeof ok<Plan[]>>>();
    bridge.handle('billing:userData', () => pending.promise);
    bridge.handle('billing:plans', () => plansPending.promise);
    const status = await figure(ACCOUNT_LABELS.status);
    expect(status.querySelector('.ant-skeleton')).not.toBeNull();
    expect(screen.queryByText(ACCOUNT_LABELS.statusPending)).toBeNull();
    expect(await screen.findByRole('status', { name: TEXT.loading })).toBeTruthy();
    pending.resolve(ok(walletUserData()));
    plansPending.resolve(ok(plans));
    expect(await plan(30)).toBeTruthy();
  });
});
