import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { DepositRecord, WalletUserData } from '../../../common/api/billing';
import { ACCOUNT_LABELS, TEXT, UI } from '../../../common/messages';
import { emptyPage, pageOf, stubClipboard, tableRows, walletUserData } from '../../components/billing/testing/fixtures';
import { SIGNED_IN, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { renderApp } from '../../testing/renderApp';

const deposit = (n: number): DepositRecord => ({
  id: `d${n}`,
  token: 'USDT',
  amount: '50',
  transactionHash: `0x${String(n).padStart(64, 'a')}`,
  createdAt: '2026-11-20T10:00:00Z',
});

interface Options {
  userData?: WalletUserData;
  savedEndsAt?: number | null;
  listenSeconds?: number;
}

function open({ userData = walletUserData(), savedEndsAt = null, listenSeconds = 900 }: Options = {}): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('billing:userData', () => ok(userData));
  bridge.handle('billing:deposits', () => ok(emptyPage()));
  bridge.handle('billing:depositWindow', () => ok({ endsAt: savedEndsAt }));
  bridge.handle('billing:depositWindowClose', () => ok({ endsAt: null }));
  bridge.handle('billing:depositListen', () => ok({ endsAt: Date.now() + listenSeconds * 1000 }));
  bridge.handle('billing:depositSync', () => ok({ message: 'Deposit status synced: 1 new deposit credited.' }));
  renderApp('/Wallet-deposit');
  return bridge;
}

const button = (name: string) => screen.findByRole('button', { name });
const addressView = () => screen.queryByRole('region', { name: ACCOUNT_LABELS.depositAddress });
const address = walletUserData().qrCode!.value;

describe('deposit', () => {
  it('shows the USDT, IFT and IFX balances and the BEP-20 note', async () => {
    open();
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.ifxBalance })).getByText('4.01')).toBeTruthy(),
    );
    expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.usdtBalance })).getByText('120.46')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: ACCOUNT_LABELS.iftBalance })).getByText('3.00')).toBeTruthy();
    expect(screen.getByText('Deposits accept only BEP-20 tokens (USDT, IFT, IFX) on Binance Smart Chain.')).toBeTruthy();
  });

  it("labels its buttons as SPEC writes them: 'make payment' and 'sync status'", async () => {
    open();
    expect(await button('make payment')).toBeTruthy();
    expect(await button('sync status')).toBeTruthy();
  });

  it('make payment opens the window: QR code, address and a mm:ss countdown', async () => {
    const bridge = open();
    await waitFor(() => expect(bridge.callsTo('billing:depositWindow')).toHaveLength(1));
    expect(addressView()).toBeNull();
    fireEvent.click(await button(ACCOUNT_LABELS.makePayment));
    const view = await screen.findByRole('region', { name: ACCOUNT_LABELS.depositAddress });
    expect(within(view).getByRole('img', { name: ACCOUNT_LABELS.depositQrAlt }).getAttribute('src')).toBe(
      walletUserData().qrCode!.base64,
    );
    expect(within(view).getByText(address)).toBeTruthy();
    expect(within(view).getByRole('timer').textContent).toMatch(/^Time left: (15:00|14:59)$/);
    expect(bridge.callsTo('billing:depositListen')).toHaveLength(1);
    expect((await button(ACCOUNT_LABELS.makePayment)).hasAttribute('disabled')).toBe(true);
  });

  it('restores a saved window after a reload and keeps counting from its end', async () => {
    const bridge = open({ savedEndsAt: Date.now() + 125_000 });
    const view = await screen.findByRole('region', { name: ACCOUNT_LABELS.depositAddress });
    expect(within(view).getByRole('timer').textContent).toMatch(/^Time left: 02:0[45]$/);
    expect(bridge.callsTo('billing:depositListen')).toHaveLength(0);
  });

  it('closes the address view at 0 and has main forget the window', async () => {
    const bridge = open({ savedEndsAt: Date.now() + 1_200 });
    expect(await screen.findByRole('region', { name: ACCOUNT_LABELS.depositAddress })).toBeTruthy();
    await waitFor(() => expect(addressView()).toBeNull(), { timeout: 5_000 });
    await waitFor(() => expect(bridge.callsTo('billing:depositWindowClose')).toHaveLength(1));
    expect((await button(ACCOUNT_LABELS.makePayment)).hasAttribute('disabled')).toBe(false);
  });

  it("copies the address and says 'Address copied successfully!'", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubClipboard(writeText);
    open({ savedEndsAt: Date.now() + 60_000 });
    const view = await screen.findByRole('region', { name: ACCOUNT_LABELS.depositAddress });
    fireEvent.click(within(view).getByRole('button', { name: ACCOUNT_LABELS.copyAddress }));
    expect(await screen.findByText(UI.addressCopied)).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(address);
  });

  it("shows the server's msg when make payment is refused", async () => {
    const bridge = open();
    bridge.handle('billing:depositListen', () => fail(503, 'The deposit listener is busy. Try again in a minute.'));
    fireEvent.click(await button(ACCOUNT_LABELS.makePayment));
    expect(await screen.findByText('The deposit listener is busy. Try again in a minute.')).toBeTruthy();
    expect(addressView()).toBeNull();
  });

  it('sync status shows the msg on success and on failure, and reloads the history each time', async () => {
    const bridge = open();
    await waitFor(() => expect(bridge.callsTo('billing:deposits')).toHaveLength(1));
    bridge.handle('billing:deposits', () => ok(pageOf(deposit, 1, 1)));
    fireEvent.click(await button(ACCOUNT_LABELS.syncStatus));
    expect(await screen.findByText('Deposit status synced: 1 new deposit credited.')).toBeTruthy();
    await waitFor(() => expect(tableRows(ACCOUNT_LABELS.depositHistory)).toHaveLength(7));
    expect(tableRows(ACCOUNT_LABELS.depositHistory)[0]?.slice(0, 4)).toEqual(['1', 'USDT', '50.00', '0xaaaaaaaa…aaaaaaa1']);
    bridge.handle('billing:depositSync', () => fail(400, 'No new deposits found.'));
    fireEvent.click(await button(ACCOUNT_LABELS.syncStatus));
    expect(await screen.findByText('No new deposits found.')).toBeTruthy();
    await waitFor(() => expect(bridge.callsTo('billing:deposits')).toHaveLength(3));
  });

  it('says deposits are not available when the server runs without a chain, instead of failing', async () => {
    const bridge = open({ userData: walletUserData({ chainEnabled: false, qrCode: null }) });
    expect(await screen.findByText(ACCOUNT_LABELS.chainUnavailable)).toBeTruthy();
    expect((await button(ACCOUNT_LABELS.makePayment)).hasAttribute('disabled')).toBe(true);
    expect((await button(ACCOUNT_LABELS.syncStatus)).hasAttribute('disabled')).toBe(true);
    expect(bridge.callsTo('billing:depositListen')).toHaveLength(0);
  });

  it("says 'No Records Found.' for an empty history", async () => {
    open();
    expect(await screen.findByText(TEXT.noRecords)).toBeTruthy();
  });
});
