/**
 * The chain role starts what config.chain turns on, each part on its own: a server that pays
 * withdrawals out without taking deposits (no mnemonic) still runs the payout worker, or the
 * withdrawals its api role accepts would wait forever.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../testing/databases';
import { createTestServer, type TestServer } from '../testing/server';
import { startChainService } from './service';

const [pglite] = await databaseTargets();

describe('the chain role', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Nothing listens on port 9: a pass fails and retries, which is all this test needs.
    server = await createTestServer(pglite!, {
      BSC_RPC_URL: 'http://127.0.0.1:9',
      TOKEN_USDT: `0x${'1'.repeat(40)}`,
      HOT_WALLET_PRIVATE_KEY: `0x${'2'.repeat(64)}`,
      CHAIN_POLL_MS: '600000',
    });
  }, 60_000);
  afterAll(() => server?.close());

  it('runs the payout worker when payouts are on and deposits are off, and says why deposits are off', async () => {
    const lines: string[] = [];
    const log = { info: (_o: object, m: string) => lines.push(m), warn: () => undefined, error: () => undefined };
    const service = await startChainService({ config: server.config, db: server.database.db, log });
    await service.stop();
    expect(lines).toContain('payout worker started');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^chain role: BEP-20 deposits are off: DEPOSIT_XPUB \(or DEPOSIT_MNEMONIC\), TOKEN_IFT, TOKEN_IFX unset/,
      ),
    );
    expect(lines.some((line) => line.startsWith('chain role: scanning'))).toBe(false);
  });
});
