import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WalletAsset } from '../../../common/api/exchange';
import { EXCHANGE_LABELS, SERVER, TEXT, UI, VALIDATION } from '../../../common/messages';
import { SIGNED_IN, fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';

const spotAssets: WalletAsset[] = [
  { asset: 'USDT', balance: '10000.5', value: '10000.5' },
  { asset: 'BTC', balance: '0.5', value: '21000.123' },
];
const futuresAssets: WalletAsset[] = [{ asset: 'USDT', balance: '1000', value: '1000' }];

function open({ balances = true, spot = spotAssets }: { balances?: boolean; spot?: WalletAsset[] } = {}) {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('wallet:spotBalance', () => (balances ? ok({ spotusdtAmount: '10000.5' }) : fail(400, 'No API keys')));
  bridge.handle('wallet:futuresBalance', () => (balances ? ok({ futuresusdtAmount: '1000.255' }) : fail(0)));
  bridge.handle('wallet:spotAssets', () => ok(spot));
  bridge.handle('wallet:futuresAssets', () => ok(futuresAssets));
  bridge.handle('wallet:transfer', () => ok({ message: SERVER.transferSuccessful }));
  bridge.handle('wallet:swap', () => ok({ message: SERVER.swapSuccessful }));
  renderApp('/mywallet');
  return bridge;
}

const card = (title: string) => screen.getByLabelText(title);
const dialog = () => screen.findByRole('dialog');

/** The page under a loaded CI machine can take a while to draw its first rows. */
const swapBtc = () => screen.findByLabelText(`${EXCHANGE_LABELS.swap} BTC`, {}, { timeout: 15_000 });

async function openTransfer() {
  await swapBtc();
  fireEvent.click(screen.getByRole('button', { name: new RegExp(EXCHANGE_LABELS.transfer) }));
  return dialog();
}

function typeAmount(scope: HTMLElement, value: string) {
  fireEvent.change(within(scope).getByLabelText(EXCHANGE_LABELS.amount), { target: { value } });
}

describe('wallet', () => {
  it('shows the three balances to 2 decimals, the total as their decimal sum', async () => {
    open();
    await waitFor(() => expect(within(card(EXCHANGE_LABELS.spotUsdt)).getByText('10000.50')).toBeTruthy(), { timeout: 15_000 });
    expect(within(card(EXCHANGE_LABELS.futuresUsdt)).getByText('1000.26')).toBeTruthy();
    expect(within(card(EXCHANGE_LABELS.totalUsdt)).getByText('11000.76')).toBeTruthy();
  });

  it("shows 'NO DATA' when the balances are unavailable", async () => {
    open({ balances: false });
    await waitFor(() => expect(within(card(EXCHANGE_LABELS.spotUsdt)).getByText(TEXT.noData)).toBeTruthy(), { timeout: 15_000 });
    expect(within(card(EXCHANGE_LABELS.futuresUsdt)).getByText(TEXT.noData)).toBeTruthy();
    expect(within(card(EXCHANGE_LABELS.totalUsdt)).getByText(TEXT.noData)).toBeTruthy();
  });

  it('lists spot assets with Swap on all but USDT, and futures assets without Swap', async () => {
    open();
    expect(await swapBtc()).toBeTruthy();
    expect(screen.getByText('21000.12')).toBeTruthy();
    expect(screen.queryByLabelText(`${EXCHANGE_LABELS.swap} USDT`)).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: EXCHANGE_LABELS.futures }));
    const panel = await screen.findByRole('tabpanel', { name: EXCHANGE_LABELS.futures });
    // Balance and value of the futures USDT.
    expect(within(panel).getAllByText('1000.00')).toHaveLength(2);
    expect(within(panel).queryByRole('button', { name: /Swap/ })).toBeNull();
  });

  it('writes USDT balances to 2 decimals and other assets as quantities, never raw', async () => {
    open({
      spot: [
        { asset: 'USDT', balance: '9900.32215894', value: '9900.32215894' },
        { asset: 'BTC', balance: '0.00150000', value: '101.0887' },
      ],
    });
    await swapBtc();
    const panel = await screen.findByRole('tabpanel', { name: EXCHANGE_LABELS.spot });
    await waitFor(() => expect(within(panel).getAllByText('9900.32')).toHaveLength(2), { timeout: 15_000 });
    expect(within(panel).getByText('0.0015')).toBeTruthy();
    expect(within(panel).getByText('101.09')).toBeTruthy();
    expect(within(panel).queryByText('9900.32215894')).toBeNull();
  });

  it('names the transfer directions in words while sending the API its values', async () => {
    open();
    const modal = await openTransfer();
    expect(within(modal).getByText('Spot to Futures')).toBeTruthy();
    expect(within(modal).getByText('Futures to Spot')).toBeTruthy();
    expect(within(modal).queryByText('SpotToFutures')).toBeNull();
  });

  it('checks the amount against the transferable balance of the chosen direction', async () => {
    const bridge = open();
    const modal = await openTransfer();
    typeAmount(modal, '1000.26');
    fireEvent.click(within(modal).getByText(EXCHANGE_LABELS.futuresToSpot));
    expect(await within(modal).findByText(VALIDATION.transferExceeds)).toBeTruthy();
    fireEvent.click(within(modal).getByText(EXCHANGE_LABELS.spotToFutures));
    await waitFor(() => expect(within(modal).queryByText(VALIDATION.transferExceeds)).toBeNull());
    typeAmount(modal, '10000.51');
    expect(await within(modal).findByText(VALIDATION.transferExceeds)).toBeTruthy();
    expect(bridge.callsTo('wallet:transfer')).toEqual([]);
  });

  it.each([
    ['SpotToFutures', EXCHANGE_LABELS.spotToFutures],
    ['FuturesToSpot', EXCHANGE_LABELS.futuresToSpot],
  ])('transfers %s and says so', async (direction, label) => {
    const bridge = open();
    const modal = await openTransfer();
    fireEvent.click(within(modal).getByText(label));
    typeAmount(modal, '25.5');
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.transfer }));
    expect(await screen.findByText(SERVER.transferSuccessful)).toBeTruthy();
    expect(bridge.callsTo('wallet:transfer')).toEqual([{ direction, amount: '25.5' }]);
  });

  it("shows 'Transfer failed', with the exchange's reason when it gave one", async () => {
    const bridge = open();
    bridge.handle('wallet:transfer', () => fail(400, 'Futures account is not enabled.'));
    const modal = await openTransfer();
    typeAmount(modal, '1');
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.transfer }));
    expect(await screen.findByText(`${UI.transferFailed}: Futures account is not enabled.`)).toBeTruthy();
    bridge.handle('wallet:transfer', () => fail(0, 'socket hang up'));
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.transfer }));
    expect(await screen.findByText(UI.transferFailed)).toBeTruthy();
  });

  it("refuses a swap of 0 or more than the balance with 'Enter a valid amount', then swaps", async () => {
    const bridge = open();
    fireEvent.click(await swapBtc());
    const modal = await dialog();
    const submit = () => fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.swap }));
    typeAmount(modal, '0');
    submit();
    expect(await within(modal).findByText(VALIDATION.swapInvalid)).toBeTruthy();
    typeAmount(modal, '0.50000001');
    expect(await within(modal).findByText(VALIDATION.swapInvalid)).toBeTruthy();
    typeAmount(modal, '0.5');
    await waitFor(() => expect(within(modal).queryByText(VALIDATION.swapInvalid)).toBeNull());
    submit();
    expect(await screen.findByText(SERVER.swapSuccessful)).toBeTruthy();
    expect(bridge.callsTo('wallet:swap')).toEqual([{ asset: 'BTC', amount: '0.5' }]);
  });

  it("shows 'Swap failed' when the swap fails", async () => {
    const bridge = open();
    bridge.handle('wallet:swap', () => fail(500, 'boom'));
    fireEvent.click(await swapBtc());
    const modal = await dialog();
    typeAmount(modal, '0.1');
    fireEvent.click(within(modal).getByRole('button', { name: EXCHANGE_LABELS.swap }));
    expect(await screen.findByText(UI.swapFailed)).toBeTruthy();
  });
});
