/**
 * bench:deposits - BEP-20 deposit detection on the local chain (ganache in-process) and
 * PostgreSQL (BENCH_DATABASE_URL, default the local server):
 *
 * - latency: a transfer to a member, then CHAIN_CONFIRMATIONS blocks; timed from the moment
 *   the block completing the depth is mined to the ledger credit being visible, (a) when a
 *   scan runs right then (the scanner's own cost), (b) with the scan loop polling every
 *   BENCH_POLL_MS (what a member waits without pressing Sync), (c) woken by a sync NOTIFY;
 * - throughput: blocks per second a fresh scan reads and credits over BENCH_BLOCKS blocks
 *   holding BENCH_TRANSFERS transfers (half to members), CHAIN_SCAN_BLOCKS per range.
 *
 * Prints one JSON document; never fails on a timing.
 * Env: BENCH_ROUNDS (10), BENCH_POLL_MS (3000), BENCH_BLOCKS (5000), BENCH_TRANSFERS (200),
 * BENCH_CONFIRMATIONS (15), BENCH_SCAN_BLOCKS (1000).
 */
import { eq } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { depositAddressesOf } from '../server/config/chain-addresses';
import { createDepositScanner, type DepositScannerOptions } from '../server/chain/deposit-scanner';
import { startLocalChain, type LocalChain } from '../server/chain/local-chain';
import { connectChain } from '../server/chain/rpc';
import { startScanLoop } from '../server/chain/scan-loop';
import type { Db } from '../server/db/database';
import { chainDeposits } from '../server/db/schema';
import { ensureDepositAddress } from '../server/modules/deposits/addresses';
import { requestDepositScan } from '../server/modules/deposits/sync';
import { insertMember } from './support/members';
import { benchDatabase } from './support/bench-db';

const num = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const ROUNDS = num('BENCH_ROUNDS', 10);
const POLL_MS = num('BENCH_POLL_MS', 3_000);
const BLOCKS = num('BENCH_BLOCKS', 5_000);
const TRANSFERS = num('BENCH_TRANSFERS', 200);
const CONFIRMATIONS = num('BENCH_CONFIRMATIONS', 15);
const SCAN_BLOCKS = num('BENCH_SCAN_BLOCKS', 1_000);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const round = (x: number, d = 1) => Number(x.toFixed(d));

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    n: sorted.length,
    meanMs: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    p50Ms: round(at(0.5)),
    p99Ms: round(at(0.99)),
    maxMs: round(sorted.at(-1)!),
  };
}

async function creditedAt(db: Db, txHash: string): Promise<number> {
  for (;;) {
    const [row] = await db.select({ id: chainDeposits.id }).from(chainDeposits).where(eq(chainDeposits.txHash, txHash));
    if (row) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** Sends a transfer, mines to one block short of the depth, and returns a function timing the rest. */
async function depositRound(chain: LocalChain, db: Db, address: string, afterDepth: () => void | Promise<void>): Promise<number> {
  const sent = await chain.faucet('USDT', address, '1');
  await chain.mine(CONFIRMATIONS - 1);
  await chain.mine(1); // completes the depth
  const start = performance.now();
  await afterDepth();
  return (await creditedAt(db, sent.txHash)) - start;
}

async function main() {
  const chain = await startLocalChain();
  const bench = await benchDatabase();
  const db = bench.database.db;
  const reader = connectChain(chain.rpcUrl);
  const options: DepositScannerOptions = {
    db,
    reader,
    tokens: chain.tokens,
    confirmations: CONFIRMATIONS,
    scanBlocks: SCAN_BLOCKS,
    startBlock: null,
    log: silent,
  };
  try {
    const userId = await insertMember(db);
    const address = await ensureDepositAddress(db, depositAddressesOf(chain.depositMnemonic), userId);
    const scanner = createDepositScanner(options);
    await scanner.scan();

    const direct: number[] = [];
    await depositRound(chain, db, address, () => void scanner.scan()); // warm-up: connections, JIT
    for (let i = 0; i < ROUNDS; i += 1) direct.push(await depositRound(chain, db, address, () => void scanner.scan()));

    const polled: number[] = [];
    const woken: number[] = [];
    const loop = startScanLoop({
      scan: scanner.scan,
      pollMs: POLL_MS,
      notifications: bench.database.notifications,
      log: silent,
      describe: String,
    });
    for (let i = 0; i < ROUNDS; i += 1) {
      // A random phase against the poll: a round right after a credit would always wait a whole period.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * POLL_MS));
      polled.push(await depositRound(chain, db, address, () => undefined));
    }
    for (let i = 0; i < ROUNDS; i += 1)
      woken.push(await depositRound(chain, db, address, () => requestDepositScan(db).then(() => undefined)));
    await loop.stop();

    // Throughput: a block range with transfers to members and strangers, read by a fresh cursor.
    const members = await Promise.all(
      Array.from({ length: 20 }, async () =>
        ensureDepositAddress(db, depositAddressesOf(chain.depositMnemonic), await insertMember(db)),
      ),
    );
    const from = (await reader.head()) - CONFIRMATIONS;
    for (let i = 0; i < TRANSFERS; i += 1) {
      const to = i % 2 === 0 ? members[i % members.length]! : `0x${(i + 1).toString(16).padStart(40, '0')}`;
      await chain.faucet((['USDT', 'IFT', 'IFX'] as const)[i % 3]!, to, '0.5');
    }
    await chain.provider.send('evm_mine', [{ blocks: Math.max(0, BLOCKS - TRANSFERS) + CONFIRMATIONS }]);
    const fresh = createDepositScanner(options);
    const start = performance.now();
    const result = await fresh.scan();
    const seconds = (performance.now() - start) / 1000;

    console.log(
      JSON.stringify(
        {
          database: 'postgres',
          confirmations: CONFIRMATIONS,
          latencyAfterDepth: {
            scanRunsThen: stats(direct),
            pollingLoop: { pollMs: POLL_MS, ...stats(polled) },
            wokenBySync: stats(woken),
          },
          throughput: {
            blocks: result.blocks,
            startBlock: from + 1,
            transfers: TRANSFERS,
            credited: result.credited.length,
            scanBlocksPerRange: SCAN_BLOCKS,
            seconds: round(seconds, 3),
            blocksPerSecond: Math.round(result.blocks / seconds),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    reader.close();
    await bench.close();
    await chain.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
