import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { StartBotRequest, StartBotResponse } from '../../../common/api/bots';
import type { StrategyListItem } from '../../../common/api/strategy';
import type { IpcResult } from '../../../common/ipc/contract';
import {
  BOT_FORM_VALIDATION,
  BOT_LABELS,
  EXCHANGE_LABELS,
  SERVER,
  START_BOT_LABELS,
  UI,
  VALIDATION,
} from '../../../common/messages';
import { SIGNED_IN, deferred, fail, installFakeBridge, ok } from '../../testing/fakeBridge';
import { currentPath, renderApp } from '../../testing/renderApp';

vi.mock('lightweight-charts', () => import('../../components/charts/testing/lightweightChartsMock'));

const mine: StrategyListItem[] = [
  { strategy_name: 'Wide 40', No_of_order: 40, status: 'inactive', _id: 'a' },
  { strategy_name: 'Tight 5', No_of_order: 5, status: 'inactive', _id: 'b' },
];

// As GET /api/systemstrategy lists them; 'System Strategy' stands for the 10-grid one.
const system: StrategyListItem[] = [
  { strategy_name: 'System 5 Grids - Wide', No_of_order: 5, status: 'inactive', _id: 's5' },
  { strategy_name: 'System 10 Grids - Balanced', No_of_order: 10, status: 'inactive', _id: 's10' },
  { strategy_name: 'System 20 Grids - Tight', No_of_order: 20, status: 'inactive', _id: 's20' },
];

interface Options {
  futuresEnabled?: boolean;
  minimum?: () => IpcResult<{ minimumBotAmount: string }>;
  systemList?: () => IpcResult<StrategyListItem[]>;
}

function open({
  futuresEnabled = false,
  minimum = () => ok({ minimumBotAmount: '200' }),
  systemList = () => ok(system),
}: Options = {}) {
  const bridge = installFakeBridge(SIGNED_IN);
  bridge.handle('market:tickers', () => ok({ tickers: [] }));
  bridge.handle('market:klines', () => ok({ klines: [] }));
  bridge.handle('bots:features', () => ok({ futuresEnabled }));
  bridge.handle('market:symbolPairs', () => ok({ pairs: ['BTCUSDT', 'ETHUSDT'] }));
  bridge.handle('market:minimumBotAmount', minimum);
  bridge.handle('market:livePrice', ({ pair }) => ok({ price: pair === 'ETHUSDT' ? '3000.5' : '65000.25', tickSize: '0.01' }));
  bridge.handle('market:futureLivePrice', () => ok({ price: '64990.1', tickSize: '0.1' }));
  bridge.handle('strategies:mine', () => ok(mine));
  bridge.handle('strategies:system', systemList);
  bridge.handle('strategies:gridCount', ({ strategyName }) =>
    ok({ noOfGrid: [...mine, ...system].find((s) => s.strategy_name === strategyName)?.No_of_order ?? 0 }),
  );
  bridge.handle('bots:start', () => ok({ message: SERVER.userRequestCreated, botID: 'b1' }));
  renderApp('/startbot');
  return bridge;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: START_BOT_LABELS.start }));
const amountLabel = (min: string | number) => BOT_LABELS.amountWithMin(min);
/** The amount field whatever minimum its label shows at the moment. */
const typeAmount = (value: string) => fireEvent.change(screen.getByLabelText(/^Amount \(min \$/), { target: { value } });

/** Opens an antd Select by its label and picks the option with that text. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(field(label));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent === option && el.offsetParent !== undefined,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

const optionOf = (text: string) =>
  [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === text);

async function fillValid(amount = '500', strategy = 'System Strategy') {
  await screen.findByLabelText(amountLabel(200));
  await choose(START_BOT_LABELS.botType, 'Advanced Multigrid');
  await choose(START_BOT_LABELS.category, 'Spot');
  await choose(BOT_LABELS.pair, 'ETH/USDT');
  await choose(BOT_LABELS.strategy, strategy);
  typeAmount(amount);
}

describe('start new bot', () => {
  it('shows every required message and sends nothing', async () => {
    const bridge = open();
    await screen.findByLabelText(amountLabel(200));
    submit();
    for (const message of [
      VALIDATION.botTypeRequired,
      VALIDATION.categoryRequired,
      VALIDATION.pairRequired,
      VALIDATION.strategyRequired,
      VALIDATION.amountRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(bridge.callsTo('bots:start')).toEqual([]);
  });

  it('checks the amount against the server minimum and the optional numbers', async () => {
    open();
    await screen.findByLabelText(amountLabel(200));
    type(amountLabel(200), 'abc');
    expect(await screen.findByText(VALIDATION.amountNumber)).toBeTruthy();
    type(amountLabel(200), '150');
    expect(await screen.findByText(VALIDATION.amountMin('200'))).toBeTruthy();
    type(amountLabel(200), '250.5');
    expect(await screen.findByText(BOT_FORM_VALIDATION.amountWhole)).toBeTruthy();
    type(START_BOT_LABELS.profitBook, 'x');
    expect(await screen.findByText(VALIDATION.profitBookNumber)).toBeTruthy();
    type(START_BOT_LABELS.profitBook, '0');
    expect(await screen.findByText(VALIDATION.profitBookBelowOne)).toBeTruthy();
    type(START_BOT_LABELS.profitBook, '1001');
    expect(await screen.findByText(VALIDATION.profitBookAboveMax)).toBeTruthy();
    type(START_BOT_LABELS.sellPausePrice, 'x');
    expect(await screen.findByText(VALIDATION.sellPausePriceNumber)).toBeTruthy();
    type(START_BOT_LABELS.restartPrice, 'x');
    expect(await screen.findByText(VALIDATION.restartPriceNumber)).toBeTruthy();
    type(START_BOT_LABELS.stoplossPrice, 'x');
    expect(await screen.findByText(VALIDATION.stoplossPriceNumber)).toBeTruthy();
    type(START_BOT_LABELS.stoplossPrice, '0');
    expect(await screen.findByText(VALIDATION.priceAboveZero(START_BOT_LABELS.stoplossPrice))).toBeTruthy();
  });

  it('labels the amount with 100 before the minimum loads and says so when it fails', async () => {
    open({ minimum: () => fail(500, 'boom') });
    expect(await screen.findByText(UI.minBotAmountError)).toBeTruthy();
    expect(screen.getByLabelText(amountLabel(100))).toBeTruthy();
  });

  it("lists 'System Strategy' first, Scalping Grid and Future as coming soon, and the pair's live price", async () => {
    const bridge = open();
    await screen.findByLabelText(amountLabel(200));
    fireEvent.mouseDown(field(BOT_LABELS.strategy));
    await waitFor(() => expect(optionOf('Wide 40')).toBeTruthy());
    await waitFor(() => expect(optionOf('System 5 Grids - Wide')).toBeTruthy());
    const names = [...document.querySelectorAll('.ant-select-item-option')].map((el) => el.textContent);
    expect(names.slice(0, 5)).toEqual([
      'System Strategy',
      'System 5 Grids - Wide',
      'System 20 Grids - Tight',
      'Wide 40',
      'Tight 5',
    ]);
    fireEvent.mouseDown(field(START_BOT_LABELS.botType));
    await waitFor(() => expect(optionOf(START_BOT_LABELS.comingSoonOption('Scalping Grid'))).toBeTruthy());
    expect(optionOf(START_BOT_LABELS.comingSoonOption('Scalping Grid'))!.className).toContain('disabled');
    fireEvent.mouseDown(field(START_BOT_LABELS.category));
    await waitFor(() => expect(optionOf(START_BOT_LABELS.comingSoonOption('Future'))).toBeTruthy());
    expect(optionOf(START_BOT_LABELS.comingSoonOption('Future'))!.className).toContain('disabled');
    expect(screen.queryByLabelText(BOT_LABELS.leverage)).toBeNull();
    await choose(BOT_LABELS.pair, 'ETH/USDT');
    // To the pair's tick size, trailing zeros kept; without a tick size, at least 5 significant digits.
    expect(await screen.findByText(START_BOT_LABELS.livePrice('3000.50'))).toBeTruthy();
    bridge.handle('market:livePrice', () => ok({ price: '3001' }));
    fireEvent.click(screen.getByRole('button', { name: START_BOT_LABELS.refreshPrice }));
    expect(await screen.findByText(START_BOT_LABELS.livePrice('3001.00'))).toBeTruthy();
    expect(await screen.findByRole('figure', { name: EXCHANGE_LABELS.marketChart('ETHUSDT') })).toBeTruthy();
  });

  it('shows the BTCUSDT chart by default', async () => {
    open();
    expect(await screen.findByRole('figure', { name: EXCHANGE_LABELS.marketChart('BTCUSDT') })).toBeTruthy();
  });

  it('offers Future with leverage 1x-10x when futures are enabled, and sends the leverage', async () => {
    const bridge = open({ futuresEnabled: true });
    await fillValid();
    await choose(START_BOT_LABELS.category, 'Future');
    expect(await screen.findByText(START_BOT_LABELS.livePrice('64990.1'))).toBeTruthy(); // the USD-M tick is 0.1
    submit();
    expect(await screen.findByText(VALIDATION.leverageRequired)).toBeTruthy();
    fireEvent.mouseDown(field(BOT_LABELS.leverage));
    await waitFor(() => expect(optionOf('10x')).toBeTruthy());
    await choose(BOT_LABELS.leverage, '3x');
    submit();
    await waitFor(() => expect(bridge.callsTo('bots:start')).toHaveLength(1));
    expect((bridge.callsTo('bots:start')[0] as StartBotRequest).leverage).toBe(3);
  });

  it("shows the chosen strategy's minimum before submitting, and checks it as typed", async () => {
    const bridge = open();
    await screen.findByLabelText(amountLabel(200));
    await choose(BOT_LABELS.strategy, 'System Strategy');
    // 10 grids: the grid rule's 300 is above the server's 200.
    expect(await screen.findByLabelText(amountLabel(300))).toBeTruthy();
    type(amountLabel(300), '150');
    expect(await screen.findByText(VALIDATION.amountMin('200'))).toBeTruthy();
    type(amountLabel(300), '250');
    expect(await screen.findByText(VALIDATION.insufficientForGrids(10, 300))).toBeTruthy();
    await choose(BOT_LABELS.strategy, 'Wide 40');
    expect(await screen.findByLabelText(amountLabel(400))).toBeTruthy();
    type(amountLabel(400), '399');
    expect(await screen.findByText(VALIDATION.insufficientForGrids(40, 400))).toBeTruthy();
    type(amountLabel(400), '400');
    await waitFor(() => expect(screen.queryByText(VALIDATION.insufficientForGrids(40, 400))).toBeNull());
    expect(bridge.callsTo('bots:start')).toEqual([]);
  });

  it('marks every required field as required', async () => {
    open({ futuresEnabled: true });
    await screen.findByLabelText(amountLabel(200));
    await choose(START_BOT_LABELS.category, 'Future');
    await screen.findByLabelText(BOT_LABELS.leverage);
    const marked = [...document.querySelectorAll('label.ant-form-item-required')].map((el) => el.textContent);
    expect(marked).toEqual([
      START_BOT_LABELS.botType,
      START_BOT_LABELS.category,
      BOT_LABELS.pair,
      amountLabel(200),
      BOT_LABELS.strategy,
      BOT_LABELS.leverage,
    ]);
    expect(screen.getByText(START_BOT_LABELS.profitBook).className).not.toContain('ant-form-item-required');
  });

  it('applies the grid-based minimum on submit', async () => {
    const bridge = open();
    await fillValid('299');
    submit();
    expect(await screen.findByText(VALIDATION.insufficientForGrids(10, 300))).toBeTruthy();
    await choose(BOT_LABELS.strategy, 'Wide 40');
    typeAmount('399');
    submit();
    expect(await screen.findByText(VALIDATION.insufficientForGrids(40, 400))).toBeTruthy();
    expect(bridge.callsTo('bots:start')).toEqual([]);
  });

  it("reads 'Bot Starting...' while starting, sends the SPEC body and goes to the dashboard", async () => {
    const bridge = open();
    const reply = deferred<IpcResult<StartBotResponse>>();
    bridge.handle('bots:start', () => reply.promise);
    await fillValid('300', 'Tight 5');
    type(START_BOT_LABELS.profitBook, '25');
    type(START_BOT_LABELS.stoplossPrice, '2500');
    submit();
    expect(await screen.findByRole('button', { name: UI.botStarting })).toBeTruthy();
    reply.resolve(ok({ message: SERVER.userRequestCreated, botID: 'b1' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    // The toast: antd's message list may still be loading (app/feedback.tsx), so it is awaited.
    expect((await screen.findAllByText(UI.botStarting)).length).toBeGreaterThan(0);
    expect(bridge.callsTo('bots:start')).toEqual([
      {
        selectPair: 'ETHUSDT',
        myStrategy: 'Tight 5',
        amount: 300,
        category: 'Spot',
        botType: 'Advanced Multigrid',
        leverage: null,
        profitbookat: '25',
        sellPausePrice: null,
        restartPrice: null,
        stoplossPrice: '2500',
      },
    ]);
  });

  it.each([
    [fail(400, 'Insufficient available balance: 12.5 USDT free'), 'Insufficient available balance: 12.5 USDT free'],
    [fail(500, 'Invalid API-key, IP, or permissions for action.'), UI.apiKeyOrIp],
    [fail(400, 'No active subscription'), 'No active subscription'],
    [fail(403, ''), UI.genericError],
    [fail(0, 'socket hang up'), UI.noResponse],
  ])('maps a start failure to the SPEC message (%#)', async (answer, shown) => {
    const bridge = open();
    bridge.handle('bots:start', () => answer);
    await fillValid();
    submit();
    expect(await screen.findByText(shown)).toBeTruthy();
    expect(currentPath()).toBe('/startbot');
  });

  it('still offers System Strategy and the own strategies when the system list fails', async () => {
    open({ systemList: () => fail(500, 'boom') });
    await screen.findByLabelText(amountLabel(200));
    fireEvent.mouseDown(field(BOT_LABELS.strategy));
    await waitFor(() => expect(optionOf('Tight 5')).toBeTruthy());
    const names = [...document.querySelectorAll('.ant-select-item-option')].map((el) => el.textContent);
    expect(names.slice(0, 3)).toEqual(['System Strategy', 'Wide 40', 'Tight 5']);
  });

  it('starts a bot on another system strategy with its own grid minimum', async () => {
    const bridge = open();
    await fillValid('299', 'System 20 Grids - Tight');
    submit();
    expect(await screen.findByText(VALIDATION.insufficientForGrids(20, 300))).toBeTruthy();
    typeAmount('300');
    submit();
    await waitFor(() => expect(bridge.callsTo('bots:start')).toHaveLength(1));
    const counted = bridge.callsTo('strategies:gridCount') as { strategyName: string }[];
    expect(new Set(counted.map((c) => c.strategyName))).toEqual(new Set(['System 20 Grids - Tight']));
    expect((bridge.callsTo('bots:start')[0] as StartBotRequest).myStrategy).toBe('System 20 Grids - Tight');
  });

  it("says 'Failed to submit form' when the grid count cannot be read before sending", async () => {
    const bridge = open();
    bridge.handle('strategies:gridCount', () => fail(404, 'Strategy not found'));
    await fillValid('500', 'Wide 40');
    submit();
    expect(await screen.findByText(UI.submitFailed)).toBeTruthy();
    expect(bridge.callsTo('bots:start')).toEqual([]);
    expect(within(document.body).getByRole('button', { name: START_BOT_LABELS.start })).toBeTruthy();
  });
});
