/**
 * Money at hand on the Wallet: what is free shown beside what running bots and cycles hold, Max
 * and the amount rules stopping at free, the swap of a coin a bot holds asked first, and the
 * page's loading, empty and failed states (never zeros standing in for figures).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SpotBalanceResponse, WalletAsset } from '../../../common/api/exchange';
import { EXCHANGE_LABELS, SERVER, STATE_LABELS, TEXT, VALIDATION } from '../../../common/messages';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';

const BOT = { kind: 'bot', id: '1a2b3c4d-0000-4000-8000-000000000001', label: 'BTC/USDT 1a2b3c', amount: '900.32' } as const;
const spotAssets: WalletAsset[] = [
  { asset: 'USDT', balance: '9900.32', value: '9900.32', free: '9000', inBots: '900.32', holders: [BOT] },
  {
    asset: 'BTC',
    balance: '0.002',
    value: '130',
    free: '0.00052',
    inBots: '0.00148',
    holders: [
      { ...BOT, amount: '0.00148' },
      { kind: 'cycle', id: '9f8e7d6c-0000-4000-8000-000000000002', label: 'BTC/USDT 9f8e7d', amount: '0.0001' },
    ],
  },
  { asset: 'ETH', balance: '1', value: '3000', free: '1', inBots: '0', holders: [] },
];
const spotBalance: SpotBalanceResponse = { spotusdtAmount: '9900.32', free: '9000', inBots: '900.32' };

function open(setup: (bridge: FakeBridge) => void = () => undefined) {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('wallet:spotBalance', () => ok(spotBalance));
  bridge.handle('wallet:futuresBalance', () => ok({ futuresusdtAmount: '500', free: '500', inBots: '0' }));
  bridge.handle('wallet:spotAssets', () => ok(spotAssets));
  bridge.handle('wallet:futuresAssets', () =>
    ok([{ asset: 'USDT', balance: '500', value: '500', free: '500', inBots: '0', holders: [] }]),
  );
  bridge.handle('wallet:transfer', () => ok({ message: SERVER.transferSuccessful }));
  bridge.handle('wallet:swap', () => ok({ message: SERVER.swapSuccessful }));
  setup(bridge);
  renderApp('/mywallet');
  return bridge;
}

const LONG = { timeout: 15_000 };
const swapButton = (asset: string) => screen.findByLabelText(`${EXCHANGE_LABELS.swap} ${asset}`, {}, LONG);
const amountOf = (scope: HTMLElement) => within(scope).getByLabelText(EXCHANGE_LABELS.amount) as HTMLInputElement;
const typeAmount = (scope: HTMLElement, value: string) => fireEvent.change(amountOf(scope), { target: { value } });
/** The confirm asking before a swap of a coin bots hold (antd writes its title twice: shown and for screen readers). */
const heldConfirm = async (asset: string, other?: HTMLElement) => {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByText(EXCHANGE_LABELS.swapHeldTitle(asset)).at(-1)!.closest('.ant-modal') as HTMLElement;
    expect(found).not.toBe(other);
  });
  return found!;
};

async function openTransfer() {
  await swapButton('BTC');
  fireEvent.click(screen.getByRole('button', { name: new RegExp(EXCHANGE_LABELS.transfer) }));
  return screen.findByRole('dialog');
}

async function openSwap(asset: string) {
  fireEvent.click(await swapButton(asset));
  return screen.findByRole('dialog');
}

describe('wallet money at hand', () => {
  it('shows the free USDT and what bots hold, on the card and in Transfer', async () => {
    open();
    const spotCard = await screen.findByLabelText(EXCHANGE_LABELS.spotUsdt, {}, LONG);
    await waitFor(() => expect(within(spotCard).getByText('9000.00')).toBeTruthy(), LONG);
    expect(within(spotCard).getByText(EXCHANGE_LABELS.inBots('900.32', 'USDT'))).toBeTruthy();
    // Nothing held on futures: no in-bot line there.
    expect(within(screen.getByLabelText(EXCHANGE_LABELS.futuresUsdt)).queryByText(/In bots/)).toBeNull();
    const modal = await openTransfer();
    expect(within(modal).getByText('Free 9000.00 USDT · In bots 900.32 USDT')).toBeTruthy();
    fireEvent.click(within(modal).getByText(EXCHANGE_LABELS.futuresToSpot));
    expect(await within(modal).findByText('Free 500.00 USDT · In bots 0.00 USDT')).toBeTruthy();
  });

  it('caps Max at free and refuses more, saying bots hold the rest', async () => {
    const bridge = open();
    const modal = await openTransfer();
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.max }));
    await waitFor(() => expect(amountOf(modal).value).toBe('9000'));
    typeAmount(modal, '9000.01');
    expect(await within(modal).findByText(VALIDATION.heldByBots('900.32', 'USDT'))).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.transfer }));
    // Above everything the wallet holds: SPEC's message.
    typeAmount(modal, '9900.33');
    expect(await within(modal).findByText(VALIDATION.transferExceeds)).toBeTruthy();
    expect(bridge.callsTo('wallet:transfer')).toEqual([]);
    typeAmount(modal, '9000');
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.transfer }));
    expect(await screen.findByText(SERVER.transferSuccessful)).toBeTruthy();
    expect(bridge.callsTo('wallet:transfer')).toEqual([{ direction: 'SpotToFutures', amount: '9000' }]);
  });

  it('shows what bots hold of an asset, caps the swap at free and refuses more', async () => {
    const bridge = open();
    const panel = await screen.findByRole('tabpanel', { name: EXCHANGE_LABELS.spot }, LONG);
    await waitFor(() => expect(within(panel).getByText(EXCHANGE_LABELS.inBots('0.00148', 'BTC'))).toBeTruthy(), LONG);
    const modal = await openSwap('BTC');
    expect(within(modal).getByText(/Free 0\.00052 BTC · In bots 0\.00148 BTC/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.max }));
    await waitFor(() => expect(amountOf(modal).value).toBe('0.00052'));
    typeAmount(modal, '0.001');
    expect(await within(modal).findByText(VALIDATION.heldByBots('0.00148', 'BTC'))).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.swap }));
    typeAmount(modal, '0.0021');
    expect(await within(modal).findByText(VALIDATION.swapInvalid)).toBeTruthy();
    expect(bridge.callsTo('wallet:swap')).toEqual([]);
  });

  it('asks before swapping a coin bots and cycles hold, naming them and how much, and sends only on yes', async () => {
    const bridge = open();
    const modal = await openSwap('BTC');
    typeAmount(modal, '0.0005');
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.swap }));
    const confirm = await heldConfirm('BTC');
    expect(within(confirm).getByText(EXCHANGE_LABELS.holder('bot', 'BTC/USDT 1a2b3c', '0.00148', 'BTC'))).toBeTruthy();
    expect(within(confirm).getByText(EXCHANGE_LABELS.holder('cycle', 'BTC/USDT 9f8e7d', '0.0001', 'BTC'))).toBeTruthy();
    expect(bridge.callsTo('wallet:swap')).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    // jsdom never ends antd's closing motion, so the closed confirm stays in the page: nothing was sent.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bridge.callsTo('wallet:swap')).toEqual([]);

    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.swap }));
    const again = await heldConfirm('BTC', confirm);
    fireEvent.click(within(again).getByRole('button', { name: EXCHANGE_LABELS.swapAnyway }));
    expect(await screen.findByText(SERVER.swapSuccessful)).toBeTruthy();
    expect(bridge.callsTo('wallet:swap')).toEqual([{ asset: 'BTC', amount: '0.0005' }]);
  });

  it('swaps a coin no bot holds without asking', async () => {
    const bridge = open();
    const modal = await openSwap('ETH');
    typeAmount(modal, '0.5');
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.swap }));
    expect(await screen.findByText(SERVER.swapSuccessful)).toBeTruthy();
    expect(screen.queryAllByText(EXCHANGE_LABELS.swapHeldTitle('ETH'))).toEqual([]);
    expect(bridge.callsTo('wallet:swap')).toEqual([{ asset: 'ETH', amount: '0.5' }]);
  });

  it('shows skeletons while loading, never zeros', async () => {
    const never = deferred<never>();
    open((bridge) => {
      bridge.handle('wallet:spotBalance', () => never.promise);
      bridge.handle('wallet:futuresBalance', () => never.promise);
      bridge.handle('wallet:spotAssets', () => never.promise);
    });
    const spotCard = await screen.findByLabelText(EXCHANGE_LABELS.spotUsdt, {}, LONG);
    expect(spotCard.querySelector('.ant-skeleton')).toBeTruthy();
    const panel = screen.getByRole('tabpanel', { name: EXCHANGE_LABELS.spot });
    expect(panel.querySelector('.ant-skeleton')).toBeTruthy();
    expect(screen.queryByText('0.00')).toBeNull();
    expect(screen.queryByText(EXCHANGE_LABELS.noAssets)).toBeNull();
  });

  it('says when the wallet holds no assets', async () => {
    open((bridge) => bridge.handle('wallet:spotAssets', () => ok([])));
    const panel = await screen.findByRole('tabpanel', { name: EXCHANGE_LABELS.spot }, LONG);
    expect(await within(panel).findByText(EXCHANGE_LABELS.noAssets, {}, LONG)).toBeTruthy();
  });

  it('says the balances failed instead of showing figures, and Retry loads them', async () => {
    const bridge = open((b) => b.handle('wallet:spotBalance', () => fail(0, 'Exchange unreachable')));
    const alert = await screen.findByText(EXCHANGE_LABELS.balancesFailed, {}, LONG);
    const box = alert.closest('[role="alert"]') as HTMLElement;
    expect(within(box).getByText('Exchange unreachable')).toBeTruthy();
    expect(within(screen.getByLabelText(EXCHANGE_LABELS.spotUsdt)).getByText(TEXT.noData)).toBeTruthy();
    expect(within(screen.getByLabelText(EXCHANGE_LABELS.totalUsdt)).getByText(TEXT.noData)).toBeTruthy();
    bridge.handle('wallet:spotBalance', () => ok(spotBalance));
    fireEvent.click(within(box).getByRole('button', { name: STATE_LABELS.retry }));
    await waitFor(() => expect(within(screen.getByLabelText(EXCHANGE_LABELS.spotUsdt)).getByText('9000.00')).toBeTruthy());
    expect(screen.queryByText(EXCHANGE_LABELS.balancesFailed)).toBeNull();
  });

  it('says the asset list failed instead of an empty table, and Retry loads it', async () => {
    const bridge = open((b) => b.handle('wallet:spotAssets', () => fail(500, 'boom')));
    const panel = await screen.findByRole('tabpanel', { name: EXCHANGE_LABELS.spot }, LONG);
    expect(await within(panel).findByText(EXCHANGE_LABELS.assetsFailed, {}, LONG)).toBeTruthy();
    expect(within(panel).queryByText(EXCHANGE_LABELS.noAssets)).toBeNull();
    bridge.handle('wallet:spotAssets', () => ok(spotAssets));
    fireEvent.click(within(panel).getByRole('button', { name: STATE_LABELS.retry }));
    expect(await swapButton('BTC')).toBeTruthy();
    expect(within(panel).queryByText(EXCHANGE_LABELS.assetsFailed)).toBeNull();
  });
});
