/**
 * Strategy management through the real chain as a fresh member (on the server the run shares):
 * the picker, Create with each validation message, Auto Fill, Clear, Save, My Strategies, Edit
 * and Delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LABELS, TEXT, UI, VALIDATION } from '../../common/messages';
import { CELL_LABELS, type CellField } from '../../common/schemas/strategy';
import { startSignedIn, type Stack } from './support/stack';

const NAME = 'E2E Ladder Strategy';

let stack: Stack;
beforeAll(async () => {
  stack = await startSignedIn({}, { shareServer: true });
});
afterAll(async () => {
  await stack?.close();
});

const cell = (grid: number, field: CellField) =>
  stack.page.getByLabel(LABELS.cellAria(grid, CELL_LABELS[field]), { exact: true });
const button = (name: string) => stack.page.getByRole('button', { name, exact: true });
const seen = (text: string) => stack.page.getByText(text, { exact: true }).first().waitFor();

describe('strategies', () => {
  it('offers Grid Strategy and two Comming Soon cards on the picker', async () => {
    const { page } = stack;
    await stack.open('/botcreate');
    await page.getByRole('link', { name: TEXT.gridStrategy }).waitFor();
    expect(await page.getByText(TEXT.comingSoon, { exact: true }).count()).toBe(2);
    await page.getByText(TEXT.arbitrageBot, { exact: true }).click();
    await page.getByText(TEXT.indicatorBots, { exact: true }).click();
    expect(page.url()).toMatch(/#\/botcreate$/);
    await page.getByRole('link', { name: TEXT.gridStrategy }).click();
    await page.waitForURL(/#\/startbot$/);
  });

  it('creates a strategy through every validation message, Auto Fill and Clear', async () => {
    const { page } = stack;
    await stack.open('/create-strategy');
    await button(LABELS.add).click();
    await seen(VALIDATION.gridsRange);
    await page.getByLabel(LABELS.noOfGrids).fill('51');
    await seen(VALIDATION.gridsRange);
    await page.getByLabel(LABELS.noOfGrids).fill('4');
    await button(LABELS.add).click();
    await cell(4, 'takeProfitPercentageDown').waitFor();
    expect(await cell(1, 'buyPercentage').inputValue()).toBe(TEXT.marketPrice);

    // Issue 23: Add checks the new table at once; each empty cell says 'Required', one summary
    // above the table the full message, and Save stays disabled until the form is valid.
    await seen(VALIDATION.tableSummary(VALIDATION.cellRequired(1, CELL_LABELS.allottedAmountPercentagePerOrder), 4 * 5 - 2 - 1));
    expect(await button(LABELS.save).isDisabled()).toBe(true);
    await page.getByLabel(LABELS.strategyName).fill('x');
    await page.getByLabel(LABELS.strategyName).fill('');
    await seen(VALIDATION.strategyNameRequired);

    await button(LABELS.autoFill).click();
    expect(await cell(4, 'allottedAmountPercentagePerOrder').inputValue()).toBe('25.00');
    await cell(1, 'allottedAmountPercentagePerOrder').fill('20');
    await page.getByLabel(LABELS.strategyName).fill('System 5 Grids - Wide');
    await seen(VALIDATION.allottedTotal('95'));
    expect(await button(LABELS.save).isDisabled()).toBe(true);

    await button(LABELS.clear).click();
    expect(await cell(2, 'buyPercentage').inputValue()).toBe('');
    await button(LABELS.autoFill).click();
    await button(LABELS.save).click();
    await seen(UI.strategyExists);

    // Before saving, the member backtests the table on screen over the simulator's klines.
    await button('Backtest').click();
    const modal = page.locator('.ant-modal');
    await modal.getByRole('button', { name: 'Run' }).click();
    await modal.getByText('Max drawdown').waitFor({ timeout: 30_000 });
    // Grid 1 buys at market on the first candle, so there is at least one trade. 30 days is
    // covered by hourly candles within the 1,000-candle budget.
    await modal.getByText(/\d+ x 1h/).waitFor();
    expect(Number(await modal.locator('.ant-descriptions-item-content').nth(2).innerText())).toBeGreaterThan(0);
    await modal.locator('canvas').first().waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });

    await page.getByLabel(LABELS.strategyName).fill(NAME);
    await button(LABELS.save).click();
    await page.waitForURL(/#\/mystrategies$/);
    await seen('E2E Ladder S...');
    await seen(LABELS.cardGrids(4));
    await seen(TEXT.strategyInactive);
  });

  it('edits the strategy with the sum rule, then deletes it', async () => {
    const { page } = stack;
    await button(LABELS.edit).click();
    await page.waitForURL(/#\/editstrategy\/E2E%20Ladder%20Strategy$/);
    expect(await page.getByLabel(LABELS.strategyName).inputValue()).toBe(NAME);
    expect(await cell(1, 'buyPercentageUp').inputValue()).toBe(TEXT.marketPriceEdit);
    expect(await cell(1, 'allottedAmountPercentagePerOrder').inputValue()).toBe('25');
    await cell(1, 'allottedAmountPercentagePerOrder').fill('10');
    await seen(VALIDATION.allottedTotal('85'));
    expect(await button(LABELS.saveChanges).isDisabled()).toBe(true);
    await cell(2, 'allottedAmountPercentagePerOrder').fill('40');
    await cell(3, 'takeProfitPercentage').fill('2.5');
    await button(LABELS.saveChanges).click();
    await seen(UI.strategyUpdated);
    await page.waitForURL(/#\/mystrategies$/);

    await button(LABELS.edit).click();
    await cell(3, 'takeProfitPercentage').waitFor();
    expect(await cell(2, 'allottedAmountPercentagePerOrder').inputValue()).toBe('40');
    expect(await cell(3, 'takeProfitPercentage').inputValue()).toBe('2.5');
    await button(LABELS.cancel).click();
    await page.waitForURL(/#\/mystrategies$/);

    await button(LABELS.delete).click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: LABELS.delete }).click();
    await seen(UI.strategyDeleted);
    await seen(TEXT.noStrategiesTitle);
    await seen(TEXT.noStrategiesBody);
  });
});
