import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { BotInfo, OrderBookRow, PurchasedQtyResponse, SltpValues } from '../../../common/api/bots';
import { STOP_REASON_TEXT } from '../../../common/api/stop-reasons';
import { REFRESH_MS } from '../../../common/constants';
import { SCREEN_TITLES } from '../../../common/routes';
import { BOT_LABELS, RUNNING_BOT_LABELS as L, UI, VALIDATION } from '../../../common/messages';
import { SIGNED_IN, fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';
import { RUNNING_BOT_LAYOUT } from './RunningBotPage';
import { STATE_LABELS } from '../../../common/messages';
import { deferred } from '../../testing/fakeBridge';

vi.mock('@ant-design/charts', () => import('../../components/charts/testing/chartsMock'));

const spotBot: BotInfo = {
  name: 'BTCUSDT',
  category: 'Spot',
  leverage: null,
  strategy_name: 'System Strategy',
  liveprice: '100',
  status: 'Live',
  runtime: 3,
  roi: '12.345',
  trades24h: 7,
  grid_no: 2,
  total_grid: 10,
  last_buying_price: '98.5',
  investment: '1000',
  pnl: '-4.567',
  botstartdate: '2026-11-20T08:00:00.000Z',
  datewiseprofit: { '2026-11-21': '1.5', '2026-11-22': '-0.5', '2026-11-23': '0.25' },
  sparklineData: [],
  overbuy_protection_value: null,
  stopReason: null,
  botstopdate: null,
  tickSize: null,
  stepSize: null,
};

const order = (i: number): OrderBookRow => ({
  date: new Date(Date.UTC(2026, 10, 22, 0, i)).toISOString(),
  price: `${100 + i}`,
  type: i % 2 === 0 ? 'BUY' : 'SELL',
  quantity: '0.01',
  cummulativeQuoteQty: '1.005',
  pnl: i % 2 === 0 ? '0' : '0.25',
});

interface Setup {
  bot?: Partial<BotInfo>;
  orders?: OrderBookRow[];
  sltp?: SltpValues;
  purchased?: PurchasedQtyResponse;
}

function open({ bot = {}, orders = [order(1), order(2)], sltp, purchased }: Setup = {}) {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('market:tickers', () => ok({ tickers: [] }));
  bridge.handle('bots:info', () => ok({ ...spotBot, ...bot }));
  bridge.handle('bots:orderBook', () => ok({ orders }));
  bridge.handle('bots:purchasedQty', () =>
    ok(purchased ?? { totalQuantity: '0.02', avgPrice: '99.25', totalpnl: '1', pnl: '0.5' }),
  );
  bridge.handle('bots:position', () => ok({ liquidationPrice: '61000.5' }));
  bridge.handle('bots:sltp', () =>
    ok(sltp ?? { sell_all_and_pause_at_price: '150', restart_at_price: '90', stoploss_and_stopbot_at_price: null }),
  );
  bridge.handle('bots:protection', () => ok({ is_protection_active: true, protection_grid_at: 4 }));
  bridge.handle('bots:profitBook', () => ok({ profitbookat: '25' }));
  for (const channel of [
    'bots:editSltp',
    'bots:editProfitBook',
    'bots:editProtection',
    'bots:stop',
    'bots:stopAndSell',
  ] as const) {
    bridge.handle(channel, () => ok({ message: 'ok' }));
  }
  renderApp('/running-bot/bot-1');
  return bridge;
}

const ready = () => screen.findByText('2/10', {}, { timeout: 15_000 });

async function openDialog(label: string) {
  await ready();
  fireEvent.click(await screen.findByRole('button', { name: L.edit(label) }));
  return screen.findByRole('dialog');
}

const click = (scope: HTMLElement, name: string) => fireEvent.click(within(scope).getByRole('button', { name }));
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('running bot', () => {
  it("shows prices to the pair's tick size and quantities to its step size when the bot carries them", async () => {
    open({
      bot: { tickSize: '0.01', stepSize: '0.001', liveprice: '100.5' },
      purchased: { totalQuantity: '0.0219', avgPrice: '99.2543210987', totalpnl: '1', pnl: '0.5' },
    });
    await ready();
    expect(await screen.findByText('99.25')).toBeTruthy(); // average buy price, not 99.2543210987
    expect(screen.getByText('98.50')).toBeTruthy(); // lowest buy price, trailing zero kept
    expect(screen.getByText('0.021')).toBeTruthy(); // quantity on the 0.001 step
    expect(screen.getAllByText('100.50').length).toBeGreaterThan(0); // live price
    expect(screen.getByText('150.00')).toBeTruthy(); // pause price in the side panel
    expect(screen.getAllByText('101.00').length).toBeGreaterThan(0); // the order book's price
  });

  it('shows the header, the figures, the side panel and the profit chart of a spot bot', async () => {
    const bridge = open();
    await ready();
    expect(screen.getAllByText('BTC/USDT').length).toBeGreaterThan(0);
    expect(screen.getByText('Spot')).toBeTruthy();
    expect(screen.getByText('Live').closest('.ant-tag')!.className).toMatch(/green/);
    expect(screen.getByText('12.35%')).toBeTruthy();
    expect(screen.getByLabelText(BOT_LABELS.apyTooltip)).toBeTruthy();
    expect(screen.getByText('2/10')).toBeTruthy();
    // Prices without the pair's tick: at least 5 significant digits, 2 to 8 decimals.
    expect(screen.getByText('98.500')).toBeTruthy();
    expect(screen.getByText('-4.57')).toBeTruthy();
    // The bot's other calls follow its info.
    expect(await screen.findByText('99.250')).toBeTruthy();
    expect(screen.getByText('0.02')).toBeTruthy();
    expect(await screen.findByText('150.00')).toBeTruthy();
    expect(await screen.findByText('4')).toBeTruthy();
    expect(await screen.findByText('25.00%')).toBeTruthy();
    expect(screen.getAllByText('1000.00')).toHaveLength(2);
    expect(screen.getByText(L.stopNote)).toBeTruthy();
    expect(screen.queryByText(L.liqPrice)).toBeNull();
    expect(bridge.callsTo('bots:position')).toEqual([]);
    const chart = await screen.findByTestId('chart-line');
    expect(chart.getAttribute('data-height')).toBe('200');
  });

  it('shows leverage and the red Liq. Price for a futures bot, and Pause in yellow', async () => {
    open({ bot: { category: 'Future', leverage: 3, status: 'Pause' } });
    await ready();
    expect(screen.getByText('3x')).toBeTruthy();
    expect(screen.getByText('Pause').closest('.ant-tag')!.className).toMatch(/gold/);
    expect(screen.getByText(L.liqPrice)).toBeTruthy();
    const liq = await screen.findByText('61000.50');
    expect(liq.closest('.ant-typography')!.className).toMatch(/danger/);
  });

  it('pages the order book 20 rows at a time with 5 page numbers, SELL red and BUY green', async () => {
    open({ orders: Array.from({ length: 150 }, (_, i) => order(i)) });
    await ready();
    const book = (await screen.findByText(L.orderBook)).closest('.ant-card') as HTMLElement;
    await waitFor(() => expect(within(book).getAllByRole('row')).toHaveLength(21));
    const pager = within(book).getByRole('navigation');
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect((within(pager).getByRole('button', { name: BOT_LABELS.previous }) as HTMLButtonElement).disabled).toBe(true);
    const sell = within(book).getAllByText('SELL')[0]!;
    const buy = within(book).getAllByText('BUY')[0]!;
    expect(sell.dataset.direction).toBe('down');
    expect(buy.dataset.direction).toBe('up');
    expect(within(book).getByText('100.00')).toBeTruthy();
    fireEvent.click(within(pager).getByRole('button', { name: BOT_LABELS.next }));
    await waitFor(() => expect(within(book).getByText('120.00')).toBeTruthy());
    expect(within(book).queryByText('100')).toBeNull();
    fireEvent.click(within(pager).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(within(book).getByText('180.00')).toBeTruthy());
    expect(
      within(pager)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['3', '4', '5', '6', '7']);
    expect(within(book).getAllByText('1.01').length).toBe(20);
  });

  it('edits SL/TP against the live price, says so, and resets with nulls', async () => {
    const bridge = open();
    let modal = await openDialog(L.pausePrice);
    type(modal, L.pausePrice, '100');
    type(modal, L.stoplossPrice, '100');
    click(modal, L.save);
    expect(await within(modal).findByText(VALIDATION.pausePriceAboveLive)).toBeTruthy();
    expect(await within(modal).findByText(VALIDATION.stopLossBelowLive)).toBeTruthy();
    type(modal, L.restartPrice, 'x');
    expect(await within(modal).findByText(VALIDATION.restartPriceNumber)).toBeTruthy();
    type(modal, L.pausePrice, '120');
    type(modal, L.restartPrice, '95');
    type(modal, L.stoplossPrice, '80');
    click(modal, L.save);
    expect(await screen.findByText(UI.sltpUpdated)).toBeTruthy();
    expect(bridge.callsTo('bots:editSltp')).toEqual([
      { botID: 'bot-1', sellAllAndPausePrice: '120', restartPrice: '95', stoplossPrice: '80' },
    ]);

    bridge.handle('bots:editSltp', () => fail(400, 'nope'));
    modal = await openDialog(L.stoplossPrice);
    click(modal, L.save);
    expect(await screen.findByText(UI.sltpUpdateError)).toBeTruthy();
    click(modal, L.reset);
    expect(await screen.findByText(UI.sltpResetError)).toBeTruthy();
    bridge.handle('bots:editSltp', () => ok({ message: 'ok' }));
    click(modal, L.reset);
    expect(await screen.findByText(UI.sltpReset)).toBeTruthy();
    expect(bridge.callsTo('bots:editSltp').at(-1)).toEqual({
      botID: 'bot-1',
      sellAllAndPausePrice: null,
      restartPrice: null,
      stoplossPrice: null,
    });
  });

  it('edits the profit book from 1 to 1000, says so, and resets it', async () => {
    const bridge = open();
    const modal = await openDialog(L.profitBook);
    type(modal, L.profitBook, '0');
    expect(await within(modal).findByText(VALIDATION.profitBookBelowOne)).toBeTruthy();
    type(modal, L.profitBook, '1001');
    expect(await within(modal).findByText(VALIDATION.profitBookAboveMax)).toBeTruthy();
    type(modal, L.profitBook, '40');
    bridge.handle('bots:editProfitBook', () => fail(500, 'down'));
    click(modal, L.save);
    expect(await screen.findByText(UI.profitBookSaveError)).toBeTruthy();
    click(modal, L.reset);
    expect(await screen.findByText(UI.profitBookResetError)).toBeTruthy();
    bridge.handle('bots:editProfitBook', () => ok({ message: 'ok' }));
    click(modal, L.save);
    expect(await screen.findByText(UI.profitBookSaved)).toBeTruthy();
    expect(bridge.callsTo('bots:editProfitBook').at(-1)).toEqual({ botID: 'bot-1', profitBookValue: '40' });
    const again = await openDialog(L.profitBook);
    click(again, L.reset);
    expect(await screen.findByText(UI.profitBookReset)).toBeTruthy();
    expect(bridge.callsTo('bots:editProfitBook').at(-1)).toEqual({ botID: 'bot-1', profitBookValue: null });
  });

  it('edits Overbuy Grid Protection as an integer below total_grid, says so, and resets it', async () => {
    const bridge = open();
    const modal = await openDialog(L.overbuyProtection);
    for (const value of ['10', '0', '2.5']) {
      type(modal, L.overbuyTitle, value);
      expect(await within(modal).findByText(VALIDATION.overbuyRange(9))).toBeTruthy();
    }
    type(modal, L.overbuyTitle, '3');
    bridge.handle('bots:editProtection', () => fail(400, 'no'));
    click(modal, L.save);
    expect(await screen.findByText(UI.overbuySaveError)).toBeTruthy();
    click(modal, L.reset);
    expect(await screen.findByText(UI.overbuyResetError)).toBeTruthy();
    bridge.handle('bots:editProtection', () => ok({ message: 'ok' }));
    click(modal, L.save);
    expect(await screen.findByText(UI.overbuySaved)).toBeTruthy();
    expect(bridge.callsTo('bots:editProtection').at(-1)).toEqual({
      botID: 'bot-1',
      overbuyProtectionValue: 3,
      protectionActive: true,
    });
    const again = await openDialog(L.overbuyProtection);
    click(again, L.reset);
    expect(await screen.findByText(UI.overbuyReset)).toBeTruthy();
    expect(bridge.callsTo('bots:editProtection').at(-1)).toEqual({
      botID: 'bot-1',
      overbuyProtectionValue: null,
      protectionActive: false,
    });
  });

  it.each([
    ['bots:stop', L.stop, UI.botStopped, UI.botStopError],
    ['bots:stopAndSell', L.stopAndSell, UI.botStoppedSold, UI.botStopSellError],
  ] as const)('%s: says when it fails, then stops and goes to the dashboard', async (channel, button, success, failure) => {
    const bridge = open();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: L.stop }));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByText(L.stopTitle)).toBeTruthy();
    bridge.handle(channel, () => fail(500, 'down'));
    click(modal, button);
    expect(await screen.findByText(failure)).toBeTruthy();
    expect(currentPath()).toBe('/running-bot/bot-1');
    bridge.handle(channel, () => ok({ message: 'ok' }));
    click(modal, button);
    expect(await screen.findByText(success)).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(bridge.callsTo(channel)).toEqual([{ botID: 'bot-1' }, { botID: 'bot-1' }]);
  });

  it("counts a new bot's runtime in minutes and holds its APY back until a full day", async () => {
    const thirteenMinutesAgo = new Date(Date.now() - (13 * 60 + 5) * 1000).toISOString();
    open({ bot: { botstartdate: thirteenMinutesAgo, runtime: 0, roi: '-13.6912' } });
    await ready();
    expect(screen.getByText('13m')).toBeTruthy();
    expect(screen.getByText(BOT_LABELS.apyAfterFirstDay)).toBeTruthy();
    expect(screen.queryByText('-13.69%')).toBeNull();
  });

  it('titles a running bot as SPEC does, in the page and the header', async () => {
    open();
    await ready();
    expect(document.querySelector('.page-title')!.textContent).toBe(SCREEN_TITLES.runningBot);
    expect(document.querySelector('.header-title')!.textContent).toBe(SCREEN_TITLES.runningBot);
  });

  it('gives a stopped bot a stopped title, its runtime up to the stop and its APY', async () => {
    open({ bot: { status: 'Stopped', stopReason: 'manual', botstopdate: '2026-11-22T10:30:00.000Z' } });
    await ready();
    expect(document.querySelector('.page-title')!.textContent).toBe(L.stoppedBotTitle);
    expect(document.querySelector('.header-title')!.textContent).toBe(L.stoppedBotTitle);
    expect(screen.queryByText(SCREEN_TITLES.runningBot)).toBeNull();
    // 2026-11-20 08:00 to 2026-11-22 10:30.
    expect(screen.getByText('2d 2h')).toBeTruthy();
    expect(screen.getByText('12.35%')).toBeTruthy();
  });

  it('shows why a stopped bot stopped, with no edits and no Stop', async () => {
    open({ bot: { status: 'Stopped', stopReason: 'stoploss', botstopdate: '2026-11-22T10:00:00.000Z' } });
    await ready();
    expect(screen.getByText(L.stoppedTitle)).toBeTruthy();
    expect(screen.getByText(`${L.stopReason}: ${STOP_REASON_TEXT.stoploss}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: L.stop })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.getByText(L.stopNote)).toBeTruthy();
  });

  it('draws the profit chart 500 px high on a wide window', async () => {
    const narrow = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...narrow(query), matches: true })) as typeof window.matchMedia;
    try {
      open();
      await ready();
      await waitFor(() => expect(screen.getByTestId('chart-line').getAttribute('data-height')).toBe('500'));
    } finally {
      window.matchMedia = narrow;
    }
  });

  it('refreshes every 10 s while live, and no longer once stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const bridge = open();
    await ready();
    await screen.findByText('99.250');
    const calls = () => [bridge.callsTo('bots:info').length, bridge.callsTo('bots:orderBook').length];
    const [info, book] = calls();
    vi.advanceTimersByTime(REFRESH_MS);
    await waitFor(() => expect(calls()).toEqual([info! + 1, book! + 1]));
    bridge.handle('bots:info', () => ok({ ...spotBot, status: 'Stopped', stopReason: 'profitBook' }));
    vi.advanceTimersByTime(REFRESH_MS);
    expect(await screen.findByText(`${L.stopReason}: ${STOP_REASON_TEXT.profitBook}`)).toBeTruthy();
    const stopped = calls();
    vi.advanceTimersByTime(3 * REFRESH_MS);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toEqual(stopped);
  });

  it('reloads at once when main reports an event about this bot', async () => {
    const bridge = open();
    await ready();
    const before = bridge.callsTo('bots:info').length;
    bridge.emit('bots:event', { kind: 'bot.orderFailed', botID: 'other', name: 'ETHUSDT', message: 'x', at: '' });
    bridge.handle('bots:info', () => ok({ ...spotBot, status: 'Stopped', stopReason: 'manual' }));
    bridge.emit('bots:event', {
      kind: 'bot.stopped',
      botID: 'bot-1',
      name: 'BTCUSDT',
      reason: 'manual',
      status: 'Stopped',
      at: '',
    });
    expect(await screen.findByText(`${L.stopReason}: ${STOP_REASON_TEXT.manual}`)).toBeTruthy();
    expect(bridge.callsTo('bots:info').length).toBe(before + 1);
  });

  describe('loading, failure and layout', () => {
    /** antd's breakpoints as a window `width` px wide would answer them. */
    function viewport(width: number) {
      const original = window.matchMedia;
      window.matchMedia = ((query: string) => {
        const min = /min-width:\s*(\d+)px/.exec(query);
        const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
        const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
        return { ...original(query), matches };
      }) as typeof window.matchMedia;
      return () => {
        window.matchMedia = original;
      };
    }

    it('shows a skeleton shaped like the page while the bot loads, never "No data"', async () => {
      const bridge = open();
      const pending = deferred<ReturnType<typeof ok<BotInfo>>>();
      bridge.handle('bots:info', () => pending.promise);
      const skeleton = await screen.findAllByRole('status', { name: STATE_LABELS.loading });
      expect(skeleton.length).toBeGreaterThan(0);
      expect(screen.queryByText('No data')).toBeNull();
      expect(document.querySelector('.running-bot-layout .running-bot-side')).not.toBeNull();
      pending.resolve(ok(spotBot));
      await ready();
      expect(screen.queryAllByRole('status', { name: STATE_LABELS.loading })).toHaveLength(0);
    });

    it('says the bot could not be loaded, and Retry asks again and shows it', async () => {
      const bridge = open();
      bridge.handle('bots:info', () => fail(500, 'down'));
      expect(await screen.findByText(STATE_LABELS.loadFailed, {}, { timeout: 15_000 })).toBeTruthy();
      expect(screen.queryByText('No data')).toBeNull();
      const before = bridge.callsTo('bots:info').length;
      bridge.handle('bots:info', () => ok(spotBot));
      fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
      await ready();
      expect(bridge.callsTo('bots:info').length).toBeGreaterThan(before);
    });

    it('keeps the figures when a refresh fails but says since when they are not current, and Retry clears it', async () => {
      const bridge = open();
      await ready();
      bridge.handle('bots:info', () => fail(0, 'offline'));
      bridge.emit('bots:event', { kind: 'bot.orderFailed', botID: 'bot-1', name: 'BTCUSDT', message: 'x', at: '' });
      const escaped = STATE_LABELS.stale('TIME')
        .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        .replace('TIME', '\\d{2}:\\d{2}:\\d{2}');
      const notice = await screen.findByText(new RegExp(`^${escaped}$`));
      expect(screen.getByRole('heading', { name: SCREEN_TITLES.runningBot })).toBeTruthy();
      expect(document.querySelector('.running-bot-side-panel')).not.toBeNull();
      bridge.handle('bots:info', () => ok(spotBot));
      fireEvent.click(within(notice.closest<HTMLElement>('.state-stale')!).getByRole('button', { name: STATE_LABELS.retry }));
      await waitFor(() => expect(document.querySelector('.state-stale')).toBeNull());
    });

    it('says the order book could not be loaded instead of "No orders", and Retry reads it again', async () => {
      const bridge = open();
      bridge.handle('bots:orderBook', () => fail(500, 'down'));
      await ready();
      expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
      expect(screen.queryByText(L.noOrders)).toBeNull();
      bridge.handle('bots:orderBook', () => ok({ orders: [order(1)] }));
      fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
      await waitFor(() => expect(screen.queryByText(STATE_LABELS.loadFailed)).toBeNull());
      expect(document.querySelectorAll('.order-side').length).toBe(1);
    });

    it('says the settings could not be read rather than showing dashes as prices, and Retry reads them', async () => {
      const bridge = open();
      bridge.handle('bots:sltp', () => fail(0, 'offline'));
      await ready();
      const panel = document.querySelector<HTMLElement>('.running-bot-side-panel')!;
      await waitFor(() => expect(within(panel).getByText(STATE_LABELS.loadFailed)).toBeTruthy());
      bridge.handle('bots:sltp', () =>
        ok({ sell_all_and_pause_at_price: '150', restart_at_price: '90', stoploss_and_stopbot_at_price: null }),
      );
      fireEvent.click(within(panel).getByRole('button', { name: STATE_LABELS.retry }));
      await waitFor(() => expect(within(panel).queryByText(STATE_LABELS.loadFailed)).toBeNull());
    });

    it('keeps the controls and Stop in a sticky side column beside the figures from 992 px (1024x700)', async () => {
      const restore = viewport(1024);
      try {
        open();
        await ready();
        const row = document.querySelector<HTMLElement>(`.${RUNNING_BOT_LAYOUT.row}`)!;
        const main = row.querySelector<HTMLElement>(':scope > .running-bot-main')!;
        const side = row.querySelector<HTMLElement>(':scope > .running-bot-side')!;
        // Two columns at lg: 15 + 9 of 24, side second.
        expect(main.className).toContain('ant-col-lg-15');
        expect(side.className).toContain('ant-col-lg-9');
        expect(side.className).toContain('ant-col-lg-order-2');
        // The sticky panel holds the editable prices and Stop, pinned at its foot.
        const panel = side.querySelector<HTMLElement>('.running-bot-side-panel')!;
        expect(within(panel).getByRole('button', { name: L.edit(L.pausePrice) })).toBeTruthy();
        const stop = within(panel).getByRole('button', { name: L.stop });
        expect(stop.closest('.running-bot-stop')).not.toBeNull();
        // Below 1600 px the chart is the short one, so it cannot push the order book out of view.
        await waitFor(() => expect(screen.getByTestId('chart-line').getAttribute('data-height')).toBe('200'));
      } finally {
        restore();
      }
    });

    it('puts the controls first on a narrower window', async () => {
      const restore = viewport(800);
      try {
        open();
        await ready();
        const side = document.querySelector<HTMLElement>('.running-bot-side')!;
        expect(side.className).toContain('ant-col-xs-order-1');
        expect(document.querySelector('.running-bot-main')!.className).toContain('ant-col-xs-order-2');
      } finally {
        restore();
      }
    });
  });
});
