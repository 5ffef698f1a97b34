/** What both backtest modes share: the output port, the streamed price file and the table they print. */
import type { BacktestResult, Tick } from '../../trading/index';
import { readTicks } from './backtest-csv';
import { UsageError } from './usage-error';

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

/** Pushes the price file's ticks into a backtest, one at a time (the file is streamed). */
export async function pushTicks(path: string, push: (tick: Tick) => void): Promise<void> {
  try {
    for await (const tick of readTicks(path)) push(tick);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`cannot read the prices file ${path}`);
    throw error;
  }
}

const COLUMNS = ['ts', 'side', 'grid', 'price', 'qty', 'quote', 'fee', 'pnl'] as const;

export function formatTable(
  result: Pick<BacktestResult, 'trades' | 'summary' | 'maxDrawdown' | 'maxDrawdownPercent'> & { skipped: readonly unknown[] },
): string {
  const rows = result.trades.map((t) => COLUMNS.map((c) => String(t[c])));
  const widths = COLUMNS.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ') + '\n';
  const s = result.summary;
  return [
    line(COLUMNS),
    ...rows.map(line),
    '\n',
    `status          ${s.status}\n`,
    `trades          ${s.trades}\n`,
    `realized pnl    ${s.pnl} USDT\n`,
    `roi             ${s.roi} %\n`,
    `apy             ${s.apy} %\n`,
    `max grids held  ${s.maxGridsHeld}\n`,
    `held quantity   ${s.heldQty}\n`,
    `unrealized      ${s.unrealized} USDT\n`,
    `max drawdown    ${result.maxDrawdown} USDT (${result.maxDrawdownPercent} %)\n`,
    `skipped orders  ${result.skipped.length}\n`,
  ].join('');
}
