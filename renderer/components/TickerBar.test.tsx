import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TickerEntry } from '../../common/api/exchange';
import { LABELS } from '../../common/messages';
import { Providers, createQueryClient } from '../app/Providers';
import { SIGNED_IN, fail, installFakeBridge, ok } from '../testing/fakeBridge';
import { renderApp } from '../testing/renderApp';
import { formatChange, formatTickerPrice, TickerBar } from './TickerBar';

const btc: TickerEntry = { symbol: 'BTCUSDT', price: '42000.1', changePercent: '1.254' };
const doge: TickerEntry = { symbol: 'DOGEUSDT', price: '0.0812345', changePercent: '-3.5' };

function mount(snapshot = [btc, doge]) {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('market:tickers', () => ok({ tickers: snapshot }));
  render(
    <Providers client={createQueryClient()}>
      <TickerBar />
    </Providers>,
  );
  return bridge;
}

/** The readable copy (the second one is aria-hidden, for the seamless loop). */
const item = (symbol: string) => document.querySelector<HTMLElement>(`.ticker-list:not([aria-hidden]) [data-symbol="${symbol}"]`);

describe('TickerBar', () => {
  it('paints the snapshot with price and 24 h change, green up and red down', async () => {
    mount();
    await waitFor(() => expect(item('BTCUSDT')).toBeTruthy());
    expect(within(item('BTCUSDT')!).getByText('BTC/USDT')).toBeTruthy();
    expect(within(item('BTCUSDT')!).getByText('42000.10')).toBeTruthy();
    expect(within(item('BTCUSDT')!).getByText('+1.25%').className).toContain('ticker-up');
    expect(within(item('DOGEUSDT')!).getByText('0.081235')).toBeTruthy();
    expect(within(item('DOGEUSDT')!).getByText('-3.50%').className).toContain('ticker-down');
    expect(document.querySelectorAll('.ticker-list[aria-hidden="true"] .ticker-item')).toHaveLength(2);
  });

  it('follows the market:tickers event after the snapshot', async () => {
    const bridge = mount();
    await waitFor(() => expect(item('BTCUSDT')).toBeTruthy());
    act(() => bridge.emit('market:tickers', { tickers: [{ ...btc, price: '41000', changePercent: '-0.5' }] }));
    await waitFor(() => expect(within(item('BTCUSDT')!).getByText('41000.00')).toBeTruthy());
    expect(within(item('BTCUSDT')!).getByText('-0.50%').className).toContain('ticker-down');
    expect(item('DOGEUSDT')).toBeTruthy(); // a partial push keeps the other pairs
  });

  it('shows nothing, quietly, when the snapshot fails, and fills in from the first push', async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('market:tickers', () => fail(0, 'offline'));
    render(
      <Providers client={createQueryClient()}>
        <TickerBar />
      </Providers>,
    );
    await waitFor(() => expect(bridge.callsTo('market:tickers')).toHaveLength(1));
    expect(document.querySelector('.ticker-item')).toBeNull();
    act(() => bridge.emit('market:tickers', { tickers: [btc] }));
    await waitFor(() => expect(item('BTCUSDT')).toBeTruthy());
  });

  it('sits in the labelled slot on signed-in pages', async () => {
    const bridge = installFakeBridge(SIGNED_IN);
    bridge.handle('market:tickers', () => ok({ tickers: [btc] }));
    renderApp('/history');
    const slot = await screen.findByRole('region', { name: LABELS.priceTicker }, { timeout: 15_000 });
    await waitFor(() => expect(within(slot).getAllByText('BTC/USDT').length).toBe(2));
  });
});

describe('ticker formats', () => {
  it.each([
    ['42000.1', '42000.10'],
    ['67392.7', '67392.70'],
    ['1', '1.0000'],
    ['0.0812345', '0.081235'],
    ['not-a-number', '-'],
  ])('price %s -> %s', (price, shown) => expect(formatTickerPrice(price)).toBe(shown));

  it.each([
    ['67392.7', '0.01', '67392.70'],
    ['1', '0.0001', '1.0000'],
    ['0.15', '0.00001', '0.15000'],
    ['3450.5', '0.1', '3450.5'],
  ])('price %s on a %s tick -> %s', (price, tickSize, shown) => expect(formatTickerPrice(price, tickSize)).toBe(shown));

  it.each([
    ['0', { text: '0.00%', up: true }],
    ['-0.004', { text: '0.00%', up: true }],
    ['-1.25', { text: '-1.25%', up: false }],
    ['12.345', { text: '+12.35%', up: true }],
    ['x', { text: '-', up: true }],
  ])('change %s', (change, shown) => expect(formatChange(change)).toEqual(shown));
});
