/**
 * The support-staff CLI and the demo seed, in-process against a real database: a PGlite data
 * directory (as `npm run admin` on a desktop's DATA_DIR) and PostgreSQL when one is reachable.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type Env } from '../config/config';
import { openDatabase } from '../db/database';
import { exchangeKeys, users } from '../db/schema';
import { createUser } from '../modules/accounts/users';
import { DEMO_MEMBER } from '../modules/demo/seed';
import { openSecret, sealSecret } from '../modules/keys/crypto';
import { post } from '../modules/ledger/post';
import { databaseTargets } from '../testing/databases';
import { seedPgliteDataDir } from '../testing/pglite-templates';
import { TEST_ENV } from '../testing/server';
import { runAdmin } from './admin';
import { memoryIo } from './io';
import { runSeedDemo } from './seed-demo';

const DAY_MS = 86_400_000;
const targets = await databaseTargets();

describe.each(targets)('admin CLI and demo seed on $name', (target) => {
  let env: Env;
  let dataDir: string;
  let drop: () => Promise<void>;

  async function admin(...argv: string[]) {
    const io = memoryIo();
    const code = await runAdmin(argv, env, io);
    return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
  }

  /** Runs a query on the CLI's database between commands (the CLI closes it after each). */
  async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
    const database = await openDatabase(loadConfig(env));
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'griddesk-admin-test-'));
    const created = await target.create();
    drop = created.drop;
    env = { ...TEST_ENV, DATA_DIR: dataDir, ...(created.databaseUrl ? { DATABASE_URL: created.databaseUrl } : {}) };
    if (!created.databaseUrl) await seedPgliteDataDir(dataDir); // the CLI opens DATA_DIR's PGlite: skip its initdb
    // Members made through the accounts module, as signup would: neither has a subscription.
    await withDb(async (db) => {
      for (const [username, email, referralCode] of [
        ['Ann', 'ann@example.com', 'ANN001'],
        ['Ben', 'ben@example.com', 'BEN001'],
      ] as const) {
        await createUser(db, { username, email, contactNo: '555', passwordHash: 'x', sponsorId: null, referralCode });
      }
    });
  });

  afterAll(async () => {
    await drop?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the usage: as help (exit 0) and when no command is given (exit 1)', async () => {
    const none = await admin();
    expect(none.code).toBe(1);
    expect(none.err).toContain('Usage: npm run admin -- <command>');
    const help = await admin('--help');
    expect(help).toMatchObject({ code: 0, err: '' });
    for (const command of ['grant-subscription', 'set-setting', 'get-setting', 'list-users']) {
      expect(help.out).toContain(command);
    }
  });

  it('refuses an unknown command with the usage', async () => {
    const result = await admin('drop-everything');
    expect(result.code).toBe(1);
    expect(result.err).toContain('unknown command: drop-everything');
    expect(result.err).toContain('Usage:');
  });

  it('stops on a bad configuration with one line', async () => {
    const io = memoryIo();
    expect(await runAdmin(['list-users'], { ...env, PORT: 'eighty' }, io)).toBe(1);
    expect(io.stderr).toEqual(['Invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty")']);
  });

  it('get-setting prints the defaults, and refuses an unknown or missing name', async () => {
    expect(await admin('get-setting', 'referralMandatory')).toEqual({ code: 0, out: 'false', err: '' });
    expect(await admin('get-setting', 'minimumBotAmount')).toEqual({ code: 0, out: '100', err: '' });
    for (const argv of [['get-setting', 'colour'], ['get-setting']]) {
      const result = await admin(...argv);
      expect(result.code).toBe(1);
      expect(result.err).toContain('NAME must be one of referralMandatory, minimumBotAmount');
    }
  });

  it('set-setting referralMandatory takes true or false only', async () => {
    expect(await admin('set-setting', 'referralMandatory', 'true')).toMatchObject({
      code: 0,
      out: 'referralMandatory = true',
    });
    expect((await admin('get-setting', 'referralMandatory')).out).toBe('true');
    for (const bad of ['yes', '1', 'TRUE ish', '']) {
      const result = await admin('set-setting', 'referralMandatory', bad);
      expect(result.code).toBe(1);
      expect(result.err).toBe('referralMandatory must be true or false');
    }
    expect((await admin('get-setting', 'referralMandatory')).out).toBe('true'); // unchanged
    expect((await admin('set-setting', 'referralMandatory', 'false')).out).toBe('referralMandatory = false');
  });

  it('set-setting minimumBotAmount takes a positive decimal only', async () => {
    expect(await admin('set-setting', 'minimumBotAmount', '250.50')).toMatchObject({
      code: 0,
      out: 'minimumBotAmount = 250.50',
    });
    for (const bad of ['-5', 'abc', '1e3', '1.123456789', '1,5']) {
      const result = await admin('set-setting', 'minimumBotAmount', bad);
      expect(result.code).toBe(1);
      expect(result.err).toContain('minimumBotAmount must be a positive decimal');
    }
    expect((await admin('get-setting', 'minimumBotAmount')).out).toBe('250.50');
  });

  it('set-setting needs a known name and a value', async () => {
    const unknown = await admin('set-setting', 'colour', 'blue');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('NAME must be one of');
    const missing = await admin('set-setting', 'minimumBotAmount');
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('VALUE is required');
  });

  // Each command opens the embedded database, as a CLI run does: about 0.4 s each on PGlite,
  // and a run with every worker busy takes several times that.
  it('the withdrawal settings: defaults and a fee always below the minimum', { timeout: 90_000 }, async () => {
    for (const [name, value] of [
      ['withdrawalMinimum', '10'],
      ['withdrawalFee', '1'],
      ['withdrawalPendingMax', '3'],
      ['withdrawalDailyMax', '10'],
    ]) {
      expect(await admin('get-setting', name!)).toEqual({ code: 0, out: value, err: '' });
    }
    expect(await admin('set-setting', 'withdrawalFee', '0.25')).toMatchObject({ code: 0, out: 'withdrawalFee = 0.25' });
    expect(await admin('set-setting', 'withdrawalMinimum', '1')).toMatchObject({ code: 0, out: 'withdrawalMinimum = 1' });
    // The fee is taken from the amount: a fee at or above the minimum would pay nothing out.
    for (const [name, value, err] of [
      ['withdrawalFee', '1', 'withdrawalFee must be below withdrawalMinimum (1)'],
      ['withdrawalFee', '2', 'withdrawalFee must be below withdrawalMinimum (1)'],
      ['withdrawalMinimum', '0.25', 'withdrawalMinimum must be above withdrawalFee (0.25)'],
      ['withdrawalMinimum', '0', 'withdrawalMinimum must be above withdrawalFee (0.25)'],
    ] as const) {
      expect(await admin('set-setting', name, value)).toEqual({ code: 1, out: '', err });
    }
    for (const bad of ['-1', 'abc', '1e3'])
      expect((await admin('set-setting', 'withdrawalFee', bad)).err).toContain('withdrawalFee must be a positive decimal');
    expect(await admin('set-setting', 'withdrawalFee', '0')).toMatchObject({ code: 0, out: 'withdrawalFee = 0' });
    expect(await admin('get-setting', 'withdrawalMinimum')).toMatchObject({ out: '1' });
    expect(await admin('get-setting', 'withdrawalFee')).toMatchObject({ out: '0' });
  });

  it('the withdrawal counts: whole numbers from 0, a refused value changing nothing', { timeout: 90_000 }, async () => {
    for (const name of ['withdrawalPendingMax', 'withdrawalDailyMax']) {
      expect(await admin('set-setting', name, '7')).toMatchObject({ code: 0, out: `${name} = 7` });
      for (const bad of ['-1', '2.5', 'ten', '1e3', '']) {
        expect(await admin('set-setting', name, bad)).toEqual({
          code: 1,
          out: '',
          err: `${name} must be a whole number from 0, e.g. 3`,
        });
      }
      expect((await admin('get-setting', name)).out).toBe('7'); // unchanged
    }
  });

  it('grant-subscription adds days, extending from the current expiry', async () => {
    const before = Date.now();
    const first = await admin('grant-subscription', '--email', 'ANN@Example.com', '--days', '30');
    expect(first.code).toBe(0);
    const firstExpiry = Date.parse(/expires (\S+)$/.exec(first.out)![1]!);
    expect(first.out).toMatch(/^ann@example\.com: subscription now expires /);
    expect(firstExpiry - before).toBeGreaterThanOrEqual(30 * DAY_MS);
    expect(firstExpiry - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);

    const second = await admin('grant-subscription', '--days', '5', '--email', 'ann@example.com');
    expect(second.code).toBe(0);
    const secondExpiry = Date.parse(/expires (\S+)$/.exec(second.out)![1]!);
    expect(secondExpiry - firstExpiry).toBe(5 * DAY_MS);
  });

  it('grant-subscription refuses bad or missing flags and unknown members', async () => {
    const cases: [string[], string][] = [
      [['--days', '30'], '--email is required'],
      [['--email', 'ann@example.com'], '--days is required'],
      [['--email', '--days', '30'], '--email is required'],
      [['--email', 'ann@example.com', '--days', '0'], '--days must be a whole number from 1 to 36500'],
      [['--email', 'ann@example.com', '--days', '36501'], '--days must be a whole number from 1 to 36500'],
      [['--email', 'ann@example.com', '--days', '2.5'], '--days must be a whole number from 1 to 36500'],
      [['--email', 'ann@example.com', '--days', '-3'], '--days must be a whole number from 1 to 36500'],
      [['--email', 'nobody@example.com', '--days', '3'], 'no member with email nobody@example.com'],
    ];
    for (const [args, message] of cases) {
      const result = await admin('grant-subscription', ...args);
      expect({ args, code: result.code }).toEqual({ args, code: 1 });
      expect(result.err).toContain(message);
      expect(result.out).toBe('');
    }
  });

  it('list-users shows each member with referral code and expiry ("-" when never subscribed)', async () => {
    const result = await admin('list-users');
    expect(result.code).toBe(0);
    const rows = result.out.split('\n').map((line) => line.split('\t'));
    const ann = rows.find((r) => r[0] === 'ann@example.com');
    const ben = rows.find((r) => r[0] === 'ben@example.com');
    expect(ann?.slice(0, 3)).toEqual(['ann@example.com', 'Ann', 'ANN001']);
    expect(Date.parse(ann![3]!)).toBeGreaterThan(Date.now() + 34 * DAY_MS);
    expect(ben).toEqual(['ben@example.com', 'Ben', 'BEN001', '-']);
  });

  it('seed:demo is idempotent: one demo member with an active subscription', async () => {
    const first = memoryIo();
    expect(await runSeedDemo(env, first)).toBe(0);
    expect(first.stdout[0]).toBe('Demo member created.');
    expect(first.stdout).toContain(`Granted ${DEMO_MEMBER.subscriptionDays} days of subscription.`);
    expect(first.stdout.join('\n')).toContain(`referral code: ${DEMO_MEMBER.referralCode}`);

    const second = memoryIo();
    expect(await runSeedDemo(env, second)).toBe(0);
    expect(second.stdout[0]).toBe('Demo member already exists.');
    expect(second.stdout.join('\n')).not.toContain('Granted');

    const demos = await withDb((db) => db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MEMBER.email)));
    expect(demos).toHaveLength(1);
    const listed = (await admin('list-users')).out.split('\n').filter((line) => line.includes(DEMO_MEMBER.referralCode));
    expect(listed).toHaveLength(1);
    expect(listed[0]!.split('\t')[3]).not.toBe('-');
  });

  it('seed:demo stops on a bad configuration', async () => {
    const io = memoryIo();
    expect(await runSeedDemo({ ...env, ARGON2_TIME_COST: '0' }, io)).toBe(1);
    expect(io.stderr).toEqual(['Invalid configuration: ARGON2_TIME_COST must be an integer from 1 to 100 (got "0")']);
  });

  it('rotates SECRETS_KEY: re-encrypts stored secrets, is safe to run twice, and refuses without the previous key', async () => {
    const oldKey = '11'.repeat(32);
    const newKey = '22'.repeat(32);
    const ann = await withDb(async (db) => (await db.select().from(users).where(eq(users.email, 'ann@example.com')))[0]!);
    await withDb((db) =>
      db.insert(exchangeKeys).values({
        userId: ann.id,
        apiKey: 'ann-key',
        ipRestricted: true,
        keyVersion: 1,
        secretCiphertext: sealSecret(Buffer.from(oldKey, 'hex'), ann.id, 'ann-secret'),
      }),
    );
    const rotate = async (extra: Env) => {
      const io = memoryIo();
      const code = await runAdmin(['rotate-secrets-key'], { ...env, ...extra }, io);
      return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
    };
    expect(await rotate({ SECRETS_KEY: newKey })).toMatchObject({
      code: 1,
      err: expect.stringContaining('PREVIOUS_SECRETS_KEY must be set'),
    });
    expect(await rotate({ SECRETS_KEY: newKey, PREVIOUS_SECRETS_KEY: '33'.repeat(32) })).toMatchObject({
      code: 1,
      err: expect.stringContaining('open under neither key'),
    });
    expect(await rotate({ SECRETS_KEY: newKey, PREVIOUS_SECRETS_KEY: oldKey })).toMatchObject({
      code: 0,
      out: '1 secret(s) re-encrypted under SECRETS_KEY, 0 already under it',
    });
    const sealed = await withDb(
      async (db) => (await db.select().from(exchangeKeys).where(eq(exchangeKeys.userId, ann.id)))[0]!.secretCiphertext,
    );
    expect(openSecret(Buffer.from(newKey, 'hex'), ann.id, sealed)).toBe('ann-secret');
    expect(await rotate({ SECRETS_KEY: newKey, PREVIOUS_SECRETS_KEY: oldKey })).toMatchObject({
      code: 0,
      out: '0 secret(s) re-encrypted under SECRETS_KEY, 1 already under it',
    });
    await withDb((db) => db.delete(exchangeKeys).where(eq(exchangeKeys.userId, ann.id)));
  });

  it('offers and retires plans, sets the IFC price and level percentages', async () => {
    // A fresh database offers the default plans (migration 0019); support staff may retire them.
    const defaults = (await admin('list-plans')).out.split('\n');
    expect(defaults.map((line) => line.split('\t').slice(1))).toEqual([
      ['30 USDT', '30 IFC', '30 days'],
      ['80 USDT', '80 IFC', '90 days'],
      ['300 USDT', '300 IFC', '365 days'],
    ]);
    for (const line of defaults) {
      const id = line.split('\t')[0]!;
      expect(await admin('retire-plan', id)).toMatchObject({ code: 0, out: `plan ${id} retired` });
    }
    expect(await admin('list-plans')).toMatchObject({ code: 0, out: 'no plans on offer' });
    expect(await admin('set-setting', 'ifcNewTokenPrice', '0.25')).toMatchObject({ code: 0, out: 'ifcNewTokenPrice = 0.25' });
    const added = await admin('add-plan', '--price', '30', '--days', '30');
    expect(added.out).toMatch(/^plan [0-9a-f-]{36}: 30 days for 30 USDT \(120 IFC\)$/);
    const planId = added.out.slice(5, 41);
    expect((await admin('list-plans')).out).toBe(`${planId}\t30 USDT\t120 IFC\t30 days`);
    expect(await admin('add-plan', '--price', '0', '--days', '30')).toMatchObject({ code: 1 });
    expect((await admin('add-plan', '--price', 'abc', '--days', '30')).err).toContain('--price must be a positive decimal');
    expect(await admin('retire-plan', planId)).toMatchObject({ code: 0, out: `plan ${planId} retired` });
    expect((await admin('list-plans')).out).toBe('no plans on offer');
    expect(await admin('set-setting', 'levelPercentages', '6,3,1')).toMatchObject({ code: 0, out: 'levelPercentages = 6,3,1' });
    expect((await admin('set-setting', 'levelPercentages', '6,5')).err).toContain('at most 10');
  });

  it('credits and debits a member as audited ledger entries, never below zero', async () => {
    expect(
      await admin('adjust', '--email', 'ben@example.com', '--asset', 'USDT', '--amount', '25.5', '--reason', 'goodwill #12'),
    ).toMatchObject({ code: 0, out: 'ben@example.com: USDT 25.5 (goodwill #12); balance now 25.5' });
    const overdraw = await admin(
      'adjust',
      '--email',
      'ben@example.com',
      '--asset',
      'USDT',
      '--amount',
      '-30',
      '--reason',
      'chargeback',
    );
    expect(overdraw).toMatchObject({ code: 1 });
    expect(overdraw.err).toContain('less USDT than that; nothing changed');
    expect(
      (await admin('adjust', '--email', 'ben@example.com', '--asset', 'BTC', '--amount', '1', '--reason', 'x')).err,
    ).toContain('--asset must be one of');
    expect((await admin('adjust', '--email', 'ben@example.com', '--asset', 'USDT', '--amount', '1')).err).toContain(
      '--reason is required',
    );
    await admin('adjust', '--email', 'ben@example.com', '--asset', 'USDT', '--amount', '-5.5', '--reason', 'correction');
    const ledger = await admin('ledger', '--email', 'ben@example.com');
    expect(ledger.out.split('\n')[0]).toBe('ben@example.com: USDT 20  IFC 0  USDT_REWARD 0  IFT 0  IFX 0');
    expect(ledger.out).toMatch(/adjustment\tUSDT\t-5\.5\tbalance 20\tcorrection/);
    expect(ledger.out).toMatch(/adjustment\tUSDT\t25\.5\tbalance 25\.5\tgoodwill #12/);
  });

  it('ledger pages a long history: 100 newest entries by default, --limit N, and --before the id of the last one shown', async () => {
    // 105 credits of 1..105 USDT: entry k has amount k, so a page's lines tell which entries they are.
    await withDb(async (db) => {
      const ann = (await db.select().from(users).where(eq(users.email, 'ann@example.com')))[0]!;
      for (let k = 1; k <= 105; k += 1) {
        await post(db, {
          key: `paging-${k}`,
          kind: 'adjustment',
          reason: `credit ${k}`,
          legs: [{ userId: ann.id, asset: 'IFC', amount: String(k) }],
        });
      }
    });
    const entries = (out: string) =>
      out
        .split('\n')
        .slice(1)
        .filter((line) => /^\d+\t/.test(line))
        .map((line) => line.split('\t'));
    const amounts = (out: string) => entries(out).map((fields) => Number(fields[4]));
    const more = (out: string) =>
      /^older entries: npm run admin -- ledger --email ann@example\.com (.+)$/m.exec(out)?.[1]?.split(' ');
    const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

    const first = await admin('ledger', '--email', 'ann@example.com');
    expect(first.code).toBe(0);
    expect(first.out.split('\n')[0]).toBe('ann@example.com: USDT 0  IFC 5565  USDT_REWARD 0  IFT 0  IFX 0');
    expect(amounts(first.out)).toEqual(range(105, 6));
    expect(entries(first.out)[0]!.slice(2)).toEqual(['adjustment', 'IFC', '105', 'balance 5565', 'credit 105']);
    const lastShown = entries(first.out).at(-1)![0]!;
    expect(more(first.out)).toEqual(['--before', lastShown]);
    const rest = await admin('ledger', '--email', 'ann@example.com', ...more(first.out)!);
    expect(amounts(rest.out)).toEqual(range(5, 1));
    expect(more(rest.out)).toBeUndefined();

    const pages: number[][] = [];
    let next: string[] = ['--limit', '40'];
    for (;;) {
      const page = await admin('ledger', '--email', 'ann@example.com', ...next);
      expect(page.code).toBe(0);
      pages.push(amounts(page.out));
      const following = more(page.out);
      if (!following) break;
      expect(following).toEqual(['--before', entries(page.out).at(-1)![0]!, '--limit', '40']);
      next = following;
    }
    expect(pages.map((page) => page.length)).toEqual([40, 40, 25]);
    expect(pages.flat()).toEqual(range(105, 1));

    const oldest = entries((await admin('ledger', '--email', 'ann@example.com', '--limit', '1', '--before', lastShown)).out);
    expect(oldest.map((fields) => fields[4])).toEqual(['5']);
    expect(
      (await admin('ledger', '--email', 'ann@example.com', '--before', entries(rest.out).at(-1)![0]!)).out.split('\n')[1],
    ).toBe(`no entries before id ${entries(rest.out).at(-1)![0]!}`);
    expect((await admin('ledger', '--email', 'ann@example.com', '--limit', '1000')).out.split('\n')).toHaveLength(106);
  });

  it('ledger refuses a bad --limit or --before with the usage', async () => {
    const cases: [string[], string][] = [
      [['--limit', '0'], '--limit must be a whole number from 1 to 1000'],
      [['--limit', '1001'], '--limit must be a whole number from 1 to 1000'],
      [['--limit', '2.5'], '--limit must be a whole number from 1 to 1000'],
      [['--limit', 'all'], '--limit must be a whole number from 1 to 1000'],
      [['--limit'], '--limit needs a value'],
      [['--before', '0'], '--before must be an entry id (the first column of ledger)'],
      [['--before', '2024-01-01'], '--before must be an entry id (the first column of ledger)'],
      [['--before', '--limit', '5'], '--before needs a value'],
    ];
    for (const [args, message] of cases) {
      const result = await admin('ledger', '--email', 'ann@example.com', ...args);
      expect({ args, code: result.code, out: result.out }).toEqual({ args, code: 1, out: '' });
      expect(result.err).toContain(message);
      expect(result.err).toContain('ledger --email E [--limit N] [--before ID]');
    }
  });
});
