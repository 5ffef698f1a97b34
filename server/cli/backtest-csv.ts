/**
 * Streams ticks out of a prices CSV, line by line (memory independent of the file size):
 * `timestamp,price` ticks, or `timestamp,open,high,low,close` candles walked as open, low,
 * high, close when close >= open (the low came first), else open, high, low, close.
 */
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { candleTicks } from '../../trading/index';
import type { Tick } from '../../trading/index';

export class CsvError extends Error {
  override name = 'CsvError';
}

const PRICE = /^\d+(\.\d+)?$/;
const TIMESTAMP = /^\d+$/;

function price(cell: string, line: number): string {
  if (!PRICE.test(cell) || /^0+(\.0+)?$/.test(cell)) throw new CsvError(`line ${line}: "${cell}" is not a positive price`);
  return cell;
}

function timestamp(cell: string, line: number): number {
  if (!TIMESTAMP.test(cell)) throw new CsvError(`line ${line}: "${cell}" is not a timestamp in epoch milliseconds`);
  return Number(cell);
}

/** The ticks of one CSV data line (null for a blank line). */
export function lineTicks(text: string, line: number, columns: { count: number | null }): Tick[] | null {
  const cells = text
    .trim()
    .split(',')
    .map((c) => c.trim());
  if (cells.length === 1 && cells[0] === '') return null;
  if (cells.length !== 2 && cells.length !== 5) {
    throw new CsvError(`line ${line}: expected timestamp,price or timestamp,open,high,low,close (got ${cells.length} columns)`);
  }
  if (columns.count !== null && cells.length !== columns.count) {
    throw new CsvError(`line ${line}: ${cells.length} columns where earlier lines had ${columns.count}`);
  }
  columns.count = cells.length;
  const ts = timestamp(cells[0]!, line);
  if (cells.length === 2) return [{ ts, price: price(cells[1]!, line) }];
  const [open, high, low, close] = cells.slice(1).map((c) => price(c, line)) as [string, string, string, string];
  return candleTicks(ts, open, high, low, close);
}

function isHeader(text: string): boolean {
  return /[a-z]/i.test(text);
}

/** Yields every tick of the file in order; a header is allowed as the first line only. */
export async function* readTicks(path: string): AsyncGenerator<Tick> {
  const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  const columns = { count: null as number | null };
  let line = 0;
  for await (const text of lines) {
    line++;
    if (line === 1 && isHeader(text)) continue;
    const ticks = lineTicks(text, line, columns);
    if (ticks !== null) yield* ticks;
  }
  if (columns.count === null) throw new CsvError(`${path}: no prices`);
}
