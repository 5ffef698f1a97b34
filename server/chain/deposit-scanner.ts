/**
 * The deposit scanner: reads Transfer logs of USDT, IFT and IFX block range by block range,
 * only blocks at least CHAIN_CONFIRMATIONS deep, and credits transfers to member deposit
 * addresses. Each range is one transaction: deposit rows, ledger credits and the cursor move
 * together, so a crash anywhere re-reads at most one range, and the unique (tx hash, log
 * index) keeps the re-read from crediting twice.
 *
 * First start (no cursor): from CHAIN_START_BLOCK when set, else from the confirmed head at
 * that moment (earlier transfers are not looked for). A cursor whose block hash no longer
 * matches the chain means a reorganisation deeper than the confirmation depth (or a new
 * chain behind the same URL): logged as an error, and the scan restarts REWIND blocks back.
 */
import type { DepositToken } from '../../common/api/billing';
import type { Db } from '../db/database';
import type { Log } from '../logging/log';
import { creditTransfers, type CreditedDeposit, type TransferLog } from '../modules/deposits/credit';
import { databaseNow, readCursor, touchCursor, writeCursor, type Cursor } from '../modules/deposits/cursor';
import type { ChainReader } from './rpc';
import { decodeTransfer, TRANSFER_TOPIC } from './transfers';

export interface DepositScannerOptions {
  db: Db;
  reader: ChainReader;
  tokens: Record<DepositToken, string>;
  confirmations: number;
  /** Blocks per getLogs call and per transaction. */
  scanBlocks: number;
  startBlock: number | null;
  log: Log;
  /** Inside each range's transaction, after crediting and before the cursor moves (tests inject crashes here). */
  beforeCursorMove?: (range: { from: number; to: number; credited: CreditedDeposit[] }) => Promise<void>;
}

export interface ScanResult {
  credited: CreditedDeposit[];
  blocks: number;
  cursor: number;
}

/** How far back a scan restarts after a reorganisation deeper than the depth. */
export const rewindBlocks = (confirmations: number) => Math.max(100, confirmations * 10);

export function createDepositScanner(options: DepositScannerOptions) {
  const { db, reader, log } = options;
  const tokenOf = new Map(
    Object.entries(options.tokens).map(([symbol, address]) => [address.toLowerCase(), symbol as DepositToken]),
  );
  const contracts = [...tokenOf.keys()];

  async function transfersIn(from: number, to: number): Promise<TransferLog[]> {
    const transfers: TransferLog[] = [];
    for (const raw of await reader.logs(contracts, TRANSFER_TOPIC, from, to)) {
      const decoded = decodeTransfer(raw, tokenOf);
      if (decoded && 'skipped' in decoded) log.warn({ txHash: raw.transactionHash }, `deposit scanner: ${decoded.skipped}`);
      else if (decoded) transfers.push(decoded.transfer);
    }
    return transfers;
  }

  async function scan(): Promise<ScanResult> {
    const startedAt = await databaseNow(db);
    const confirmed = (await reader.head()) - options.confirmations;
    const stored = await readCursor(db);
    let cursor = stored ? await checkedCursor(options, stored, confirmed) : await firstCursor(options, confirmed);
    if (cursor !== stored) await writeCursor(db, cursor, startedAt);
    const credited: CreditedDeposit[] = [];
    const first = cursor.blockNumber;
    while (cursor.blockNumber < confirmed) {
      const from = cursor.blockNumber + 1;
      const to = Math.min(cursor.blockNumber + options.scanBlocks, confirmed);
      const [transfers, toHash] = await Promise.all([transfersIn(from, to), reader.blockHash(to)]);
      const next = { blockNumber: to, blockHash: toHash };
      const batch = await db.transaction(async (tx) => {
        const done = await creditTransfers(tx, transfers);
        await options.beforeCursorMove?.({ from, to, credited: done });
        await writeCursor(tx, next, startedAt);
        return done;
      });
      credited.push(...batch);
      cursor = next;
    }
    if (cursor.blockNumber === first && cursor === stored) await touchCursor(db, startedAt);
    return { credited, blocks: Math.max(0, cursor.blockNumber - first), cursor: cursor.blockNumber };
  }

  return { scan };
}

/** Where a first scan starts: before CHAIN_START_BLOCK, else at the confirmed head. */
async function firstCursor({ reader, log, startBlock }: DepositScannerOptions, confirmed: number): Promise<Cursor> {
  const blockNumber = startBlock !== null ? startBlock - 1 : Math.max(confirmed, -1);
  const cursor = { blockNumber, blockHash: await reader.blockHash(blockNumber) };
  log.info({ block: blockNumber + 1 }, `deposit scanner: first start, reading from block ${blockNumber + 1}`);
  return cursor;
}

/** The stored cursor, or a rewound one when its block is no longer on the chain. */
async function checkedCursor(options: DepositScannerOptions, stored: Cursor, confirmed: number): Promise<Cursor> {
  const { reader, log, confirmations } = options;
  if (stored.blockHash === null) return stored;
  const actual = await reader.blockHash(stored.blockNumber);
  if (actual === stored.blockHash) return stored;
  const safe = Math.max(-1, Math.min(stored.blockNumber, confirmed) - rewindBlocks(confirmations));
  log.error(
    { block: stored.blockNumber, rescanFrom: safe + 1 },
    `DEPOSIT SCANNER: block ${stored.blockNumber} is no longer ${stored.blockHash} (now ${actual ?? 'missing'}): ` +
      `a reorganisation deeper than ${confirmations} confirmations, or a different chain. Rescanning from block ${safe + 1}; ` +
      'transfers already credited stay credited once. Check chain_deposits above that block against the chain.',
  );
  return { blockNumber: safe, blockHash: await reader.blockHash(safe) };
}
