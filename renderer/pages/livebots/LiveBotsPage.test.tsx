import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveBot } from '../../../common/api/bots';
import type { IpcResult } from '../../../common/ipc/contract';
import { BOT_LABELS, SERVER, STATE_LABELS, TEXT, UI, VALIDATION } from '../../../common/messages';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok, type FakeBridge } from '../../testing/fakeBridge';
import { liveBot } from '../../testing/liveBot';
import { currentPath, renderApp } from '../../testing/renderApp';
import { expectConsoleErrors } from '../../testing/console';

vi.mock('@ant-design/charts', () => import('../../components/charts/testing/chartsMock'));

// What this page shows of a copied bot: its runtime, APY, investment, PNL and trades.
const bot = (over: Partial<LiveBot> = {}): LiveBot =>
  liveBot({
    runtime: 12,
    roi: '48.2',
    investment: '2500',
    pnl: '33.333',
    trades24h: 41,
    sparklineData: [
      { time: 1, value: '0' },
      { time: 2, value: '33.3' },
    ],
    datewiseprofit: {},
    ...over,
  });

interface Options {
  bots?: () => IpcResult<LiveBot[]> | Promise<IpcResult<LiveBot[]>>;
  minimum?: () => IpcResult<{ minimumBotAmount: string }> | Promise<IpcResult<{ minimumBotAmount: string }>>;
}

function open({ bots = () => ok([bot()]), minimum = () => ok({ minimumBotAmount: '100' }) }: Options = {}): FakeBridge {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('bots:live', bots);
  bridge.handle('market:minimumBotAmount', minimum);
  bridge.handle('bots:start', () => ok({ message: SERVER.userRequestCreated, botID: 'new' }));
  bridge.handle('wallet:spotBalance', () => ok({ spotusdtAmount: '1234.5' }));
  bridge.handle('wallet:futuresBalance', () => ok({ futuresusdtAmount: '88' }));
  bridge.handle('bots:status', () => ok([]));
  bridge.handle('dashboard:disclaimerCheck', () => ok({ agreed: true }));
  bridge.handle('dashboard:pieChart', () => ok({ chartData: [], usdt: '0', availableBalance: '0' }));
  bridge.handle('dashboard:totalProfit', () => ok({ totalProfit: '0', lossBook: '0', totalpnl: '0' }));
  bridge.handle('keys:serverIp', () => ok({ ip: '203.0.113.7' }));
  renderApp('/livebots');
  return bridge;
}

async function openDialog(pair = 'BTC/USDT') {
  fireEvent.click(await screen.findByRole('button', { name: BOT_LABELS.copyBot(pair) }));
  return screen.findByRole('dialog');
}

function typeAmount(dialog: HTMLElement, label: string, value: string) {
  fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
}

const submit = (dialog: HTMLElement) => fireEvent.click(within(dialog).getByRole('button', { name: BOT_LABELS.startBot }));

describe('copy bots list', () => {
  it('shows a spinner, then cards with pair, trade type, live price, status, sparkline and figures', async () => {
    const reply = deferred<IpcResult<LiveBot[]>>();
    open({ bots: () => reply.promise });
    expect(await screen.findByLabelText(TEXT.loading)).toBeTruthy();
    reply.resolve(ok([bot()]));
    const card = await screen.findByRole('button', { name: BOT_LABELS.copyBot('BTC/USDT') });
    expect(within(card).getByText('BTC/USDT')).toBeTruthy();
    expect(within(card).getByText('Advanced Multigrid')).toBeTruthy();
    expect(within(card).getByText('43000.50')).toBeTruthy();
    expect(within(card).getByText('Live').className).toContain('ant-tag-green');
    expect(within(card).getByText('12d')).toBeTruthy();
    expect(within(card).getByText('48.20%')).toBeTruthy();
    expect(within(card).getByText('2500.00')).toBeTruthy();
    expect(within(card).getByText('33.33')).toBeTruthy();
    expect(within(card).getByText('41')).toBeTruthy();
    expect(await within(card).findByTestId('chart-tiny-line')).toBeTruthy();
    expect(within(card).getByLabelText(BOT_LABELS.apyTooltip)).toBeTruthy();
  });

  it('says the list could not be loaded instead of a blank page, and Retry reads it again', async () => {
    const errors = expectConsoleErrors();
    const bridge = open({ bots: () => fail(500, 'boom') });
    expect(await screen.findByText(STATE_LABELS.loadFailed)).toBeTruthy();
    expect(errors).toHaveBeenCalled();
    expect(screen.queryByText(BOT_LABELS.noLiveBots)).toBeNull();
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
    bridge.handle('bots:live', () => ok([bot()]));
    fireEvent.click(screen.getByRole('button', { name: STATE_LABELS.retry }));
    expect(await screen.findByRole('button', { name: BOT_LABELS.copyBot('BTC/USDT') })).toBeTruthy();
  });

  it('shows a skeleton of cards while loading, then the empty note for no bots', async () => {
    const reply = deferred<IpcResult<LiveBot[]>>();
    open({ bots: () => reply.promise });
    expect(await screen.findByRole('status', { name: TEXT.loading })).toBeTruthy();
    expect(screen.queryByText(BOT_LABELS.noLiveBots)).toBeNull();
    reply.resolve(ok([]));
    expect(await screen.findByText(BOT_LABELS.noLiveBots)).toBeTruthy();
    expect(screen.queryByRole('status', { name: TEXT.loading })).toBeNull();
  });
});

describe('copy bots start dialog', () => {
  it('shows strategy, total grid and pair, and the minimum in the amount label (1000 before load)', async () => {
    const minimum = deferred<IpcResult<{ minimumBotAmount: string }>>();
    open({ minimum: () => minimum.promise });
    const dialog = await openDialog();
    expect(within(dialog).getByText(BOT_LABELS.startNewBot)).toBeTruthy();
    expect(within(dialog).getByText('System Strategy')).toBeTruthy();
    expect(within(dialog).getByText('5')).toBeTruthy();
    expect(within(dialog).getByText('BTC/USDT')).toBeTruthy();
    expect(within(dialog).getByLabelText(BOT_LABELS.amountWithMin('1000'))).toBeTruthy();
    expect(within(dialog).queryByText(BOT_LABELS.leverage)).toBeNull();
    minimum.resolve(ok({ minimumBotAmount: '150' }));
    // 5 grids: the grid rule's 300 is above the server's 150.
    expect(await within(dialog).findByLabelText(BOT_LABELS.amountWithMin('300'))).toBeTruthy();
  });

  it.each([
    // [total_grid, server minimum, expected minimum, message under it]: the server's rule (bot-minimum.ts)
    [5, '50', '300', VALIDATION.insufficientForGrids(5, 300)],
    [10, '50', '300', VALIDATION.insufficientForGrids(10, 300)],
    [29, '50', '300', VALIDATION.insufficientForGrids(29, 300)],
    [35, '50', '350', VALIDATION.insufficientForGrids(35, 350)],
    [10, '400', '400', VALIDATION.amountMin('400')],
  ])(
    'with %i grids and a server minimum of %s shows and requires %s before sending',
    async (grids, server, expected, message) => {
      const bridge = open({ bots: () => ok([bot({ total_grid: grids })]), minimum: () => ok({ minimumBotAmount: server }) });
      const dialog = await openDialog();
      const label = BOT_LABELS.amountWithMin(expected);
      await within(dialog).findByLabelText(label);
      typeAmount(dialog, label, String(Number(expected) - 1));
      submit(dialog);
      expect(await within(dialog).findByText(message)).toBeTruthy();
      expect(bridge.callsTo('bots:start')).toEqual([]);
      typeAmount(dialog, label, expected);
      await waitFor(() => expect(within(dialog).queryByText(message)).toBeNull());
    },
  );

  it('shows the available USDT of the wallet the copy trades from, a USDT suffix and a required mark on the amount', async () => {
    open({ bots: () => ok([bot(), bot({ id: 'f1', category: 'Future', name: 'ETHUSDT' })]) });
    const spot = await openDialog();
    expect(within(spot).getByText(BOT_LABELS.availableBalance)).toBeTruthy();
    expect(await within(spot).findByText('1234.50 USDT')).toBeTruthy();
    const amount = within(spot).getByLabelText(BOT_LABELS.amountWithMin('300'));
    expect(amount.closest('.ant-input-number')?.parentElement?.textContent).toContain(BOT_LABELS.usdt);
    expect(within(spot).getByText(BOT_LABELS.amountWithMin('300')).className).toContain('ant-form-item-required');
    fireEvent.click(within(spot).getByRole('button', { name: BOT_LABELS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const future = await openDialog('ETH/USDT');
    expect(await within(future).findByText('88.00 USDT')).toBeTruthy();
  });

  it('closes on Cancel without starting a bot', async () => {
    const bridge = open();
    const dialog = await openDialog();
    await within(dialog).findByLabelText(BOT_LABELS.amountWithMin('300'));
    typeAmount(dialog, BOT_LABELS.amountWithMin('300'), '500');
    fireEvent.click(within(dialog).getByRole('button', { name: BOT_LABELS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('bots:start')).toEqual([]);
    expect(currentPath()).toBe('/livebots');
  });

  it('requires an amount', async () => {
    open();
    const dialog = await openDialog();
    submit(dialog);
    expect(await within(dialog).findByText(VALIDATION.amountRequired)).toBeTruthy();
  });

  it("says 'Failed to fetch minimum bot amount.' and keeps the 1000 default", async () => {
    open({ minimum: () => fail(500, 'boom') });
    const dialog = await openDialog();
    expect(await screen.findByText(UI.minBotAmountError)).toBeTruthy();
    expect(within(dialog).getByLabelText(BOT_LABELS.amountWithMin('1000'))).toBeTruthy();
  });

  it("starts a copy of a spot bot, says 'Bot Starting...' and goes to the dashboard", async () => {
    const bridge = open();
    const dialog = await openDialog();
    const label = BOT_LABELS.amountWithMin('300');
    await within(dialog).findByLabelText(label);
    typeAmount(dialog, label, '300');
    submit(dialog);
    expect(await screen.findByText(UI.botStarting)).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(bridge.callsTo('bots:start')).toEqual([
      {
        selectPair: 'BTCUSDT',
        myStrategy: 'System Strategy',
        amount: 300,
        category: 'Spot',
        botType: 'Advanced Multigrid',
        leverage: null,
        profitbookat: null,
        copyBotID: bot().id,
      },
    ]);
  });

  it('offers leverage 1x to 10x for a Future bot and sends the chosen one', async () => {
    const bridge = open({ bots: () => ok([bot({ category: 'Future', name: 'ETHUSDT', strategy_name: 'Alpha' })]) });
    const dialog = await openDialog('ETH/USDT');
    const label = BOT_LABELS.amountWithMin('300');
    await within(dialog).findByLabelText(label);
    typeAmount(dialog, label, '300');
    fireEvent.mouseDown(within(dialog).getByLabelText(BOT_LABELS.leverage));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(10));
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(Array.from({ length: 10 }, (_, i) => `${i + 1}x`));
    fireEvent.click(document.querySelector('.ant-select-item-option[title="3x"]') as HTMLElement);
    submit(dialog);
    await waitFor(() => expect(bridge.callsTo('bots:start')).toHaveLength(1));
    expect(bridge.callsTo('bots:start')[0]).toMatchObject({
      selectPair: 'ETHUSDT',
      myStrategy: 'Alpha',
      category: 'Future',
      leverage: 3,
      amount: 300,
      copyBotID: bot().id,
    });
  });

  it.each([
    [fail(400, 'Insufficient available balance: 12.5 USDT free'), 'Insufficient available balance: 12.5 USDT free'],
    [fail(500, 'Invalid API-key, IP, or permissions for action.'), UI.apiKeyOrIp],
    [fail(400, 'No active subscription'), 'No active subscription'],
    [fail(404, ''), UI.genericError],
    [fail(0, 'socket hang up'), UI.noResponse],
  ])('maps a failed start to the SPEC message (%#)', async (reply, shown) => {
    const bridge = open();
    bridge.handle('bots:start', () => reply);
    const dialog = await openDialog();
    const label = BOT_LABELS.amountWithMin('300');
    await within(dialog).findByLabelText(label);
    typeAmount(dialog, label, '500');
    submit(dialog);
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(currentPath()).toBe('/livebots');
  });
});
