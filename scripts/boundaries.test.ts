import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cruiseOptions } from './boundaries';
import { folderCycleEdges } from './folder-cycles';

/**
 * A small tree laid out like the repository, written under .tmp/ (so packages resolve from the
 * repository's node_modules) and cruised with the real .dependency-cruiser.mjs, without the
 * known violations. Each forbidden file holds one import its rule must refuse.
 */
const FORBIDDEN: { rule: string; file: string; source: string }[] = [
  { rule: 'pure-core-no-io', file: 'common/db.ts', source: "import 'pg';" },
  { rule: 'pure-core-no-io', file: 'trading/http.ts', source: "import 'fastify';" },
  { rule: 'pure-core-no-node-builtins', file: 'common/files.ts', source: "import 'node:fs';" },
  { rule: 'pure-core-no-node-builtins', file: 'trading/clock.ts', source: "import 'timers';" },
  { rule: 'common-imports-only-common', file: 'common/server-config.ts', source: "import '../server/config/config';" },
  { rule: 'trading-imports-only-common', file: 'trading/rows.ts', source: "import '../server/db/database';" },
  { rule: 'trading-only-through-index', file: 'server/engine/exact-user.ts', source: "import '../../trading/exact';" },
  { rule: 'renderer-imports-only-common', file: 'renderer/main-code.ts', source: "import '../electron/main/ipc/handlers';" },
  { rule: 'renderer-imports-only-common', file: 'renderer/server-code.ts', source: "import '../server/config/config';" },
  { rule: 'renderer-no-node-builtins', file: 'renderer/path.ts', source: "import 'node:path';" },
  { rule: 'renderer-page-not-build', file: 'renderer/app/styles.ts', source: "import '../build/antdStyles';" },
  { rule: 'renderer-browser-packages-only', file: 'renderer/network.ts', source: "import 'axios';" },
  { rule: 'electron-not-renderer', file: 'electron/preview/page.ts', source: "import '../../renderer/page';" },
  { rule: 'electron-only-in-main-glue', file: 'electron/main/ipc/dialog.ts', source: "import 'electron';" },
  { rule: 'electron-only-in-main-glue', file: 'server/notify.ts', source: "import 'electron';" },
  { rule: 'server-not-desktop', file: 'server/http/ipc.ts', source: "import '../../electron/preload/index';" },
  { rule: 'server-not-desktop', file: 'sim/page.ts', source: "import '../renderer/page';" },
  { rule: 'sim-only-through-trading', file: 'sim/page.ts', source: "import '../renderer/page';" },
  { rule: 'ccxt-only-in-ccxt-client', file: 'server/exchange/gateway.ts', source: "import 'ccxt';" },
  { rule: 'ccxt-only-in-ccxt-client', file: 'sim/ccxt-urls.ts', source: "import 'ccxt';" },
  { rule: 'ccxt-only-in-ccxt-client', file: 'server/modules/market/market.test.ts', source: "import 'ccxt';" },
  { rule: 'ethers-only-in-chain', file: 'server/modules/deposits/addresses.ts', source: "import 'ethers';" },
  { rule: 'ethers-only-in-chain', file: 'server/cli/faucet.ts', source: "import 'ethers';" },
  { rule: 'ethers-only-in-chain', file: 'server/config/env.ts', source: "import 'ethers';" },
  { rule: 'decimal-only-in-money', file: 'server/modules/cycles/sizing.ts', source: "import 'decimal.js';" },
  { rule: 'decimal-only-in-money', file: 'renderer/figure.ts', source: "import Decimal from 'decimal.js';" },
  { rule: 'renderer-browser-packages-only', file: 'renderer/figure.ts', source: "import Decimal from 'decimal.js';" },
  { rule: 'decimal-only-in-money', file: 'sim/num.ts', source: "import 'decimal.js';" },
  { rule: 'decimal-only-in-money', file: 'bench/oracle.ts', source: "import 'decimal.js';" },
  { rule: 'decimal-only-in-money', file: 'common/format/figure.test.ts', source: "import 'decimal.js';" },
  { rule: 'http-only-from-the-app', file: 'server/modules/bots/route-user.ts', source: "import '../../http/plugins/errors';" },
  { rule: 'http-only-from-the-app', file: 'server/engine/refusal.ts', source: "import '../http/plugins/errors';" },
  { rule: 'http-only-from-the-app', file: 'server/chain/deposit-route.ts', source: "import '../http/plugins/errors';" },
  { rule: 'config-is-the-ground-floor', file: 'server/config/chain.ts', source: "import '../chain/keys';" },
  { rule: 'config-is-the-ground-floor', file: 'server/config/log-format.ts', source: "import '../logging/format';" },
  { rule: 'config-is-the-ground-floor', file: 'server/config/config.test.ts', source: "import '../modules/keys/keys';" },
  { rule: 'engine-not-modules', file: 'server/engine/keys-user.ts', source: "import '../modules/keys/keys';" },
  { rule: 'runnable-kinds-apart', file: 'server/modules/cycles/live.ts', source: "import '../bots/access';" },
  { rule: 'runnable-kinds-apart', file: 'server/modules/bots/live.ts', source: "import '../cycles/sparklines';" },
  { rule: 'sim-only-through-trading', file: 'sim/orders-db.ts', source: "import '../server/db/database';" },
  { rule: 'sim-only-through-trading', file: 'sim/server-user.ts', source: "import '../server/config/config';" },
  { rule: 'sim-only-through-trading', file: 'sim/exact.ts', source: "import '../trading/exact';" },
  { rule: 'trading-only-through-index', file: 'sim/exact.ts', source: "import '../trading/exact';" },
  { rule: 'sim-tests-only-through-trading-and-ccxt', file: 'sim/orders.db.test.ts', source: "import '../server/db/database';" },
  {
    rule: 'sim-only-from-the-exchange-factory',
    file: 'server/modules/market/sim-prices.ts',
    source: "import '../../../sim/simulator';",
  },
  { rule: 'electron-only-through-embed', file: 'electron/main/secrets.ts', source: "import '../../server/modules/keys/keys';" },
  {
    rule: 'electron-only-through-embed',
    file: 'electron/main/ipc/areas/bots.ts',
    source: "import '../../../../server/modules/bots/route-free';",
  },
  {
    rule: 'preview-chain-only-the-local-chain',
    file: 'electron/preview/local-chain.ts',
    source: "import '../../server/chain/local-chain';\nimport '../../server/db/database';",
  },
  {
    rule: 'ipc-not-server',
    file: 'electron/main/ipc/areas/bots.ts',
    source: "import '../../../../server/modules/bots/route-free';",
  },
  {
    rule: 'ipc-not-server',
    file: 'electron/main/ipc/areas/bots.test.ts',
    source: "import '../../../../server/modules/bots/route-free';",
  },
  { rule: 'test-code-only-in-tests', file: 'server/modules/bots/seed.ts', source: "import './testing/fixtures';" },
  { rule: 'test-code-only-in-tests', file: 'renderer/app/boot.ts', source: "import '../testing/fakeBridge';" },
  { rule: 'test-code-only-in-tests', file: 'bench/fanout.ts', source: "import '../server/testing/server';" },
  { rule: 'test-code-only-in-tests', file: 'bench/account.ts', source: "await import('../server/testing/members');" },
  { rule: 'no-file-cycles', file: 'server/engine/ping.ts', source: "import './pong';" },
  { rule: 'no-unresolvable', file: 'server/typo.ts', source: "import './no-such-file';" },
];

/** Imports every rule lets through: the boundaries' own doors. */
const ALLOWED: { file: string; source: string }[] = [
  { file: 'common/schema.ts', source: "import 'yup';\nimport './money';\nimport './constants';" },
  { file: 'common/money.ts', source: "import 'decimal.js';" },
  { file: 'trading/money.ts', source: "import '../common/constants';" },
  { file: 'server/engine/runner.ts', source: "import '../../trading/index';" },
  { file: 'server/modules/cycles/history.ts', source: "import '../runnables/figures';\nimport './access';" },
  { file: 'server/app.ts', source: "import './http/plugins/errors';" },
  { file: 'server/http/routes.ts', source: "import '../mail/outbox';" },
  { file: 'server/exchange/exchange-factory.ts', source: "import '../../sim/simulator';" },
  { file: 'sim/futures.ts', source: "import '../trading/index';\nimport '../common/constants';" },
  { file: 'sim/testing/simulator.ts', source: "import '../../server/exchange/ccxt-urls';" },
  { file: 'server/engine/engine.faults.test.ts', source: "import '../modules/bots/route-free';" },
  { file: 'electron/main/embedded-server.ts', source: "import '../../server/embed';" },
  {
    file: 'electron/main/secrets-key/sealed.test.ts',
    source: "import '../../../server/modules/keys/keys';\nimport '../../../server/testing/server';",
  },
  { file: 'electron/preview/main.ts', source: "import '../../server/embed';" },
  { file: 'renderer/page.tsx', source: "import 'react';\nimport 'antd';\nimport '../common/constants';" },
  { file: 'electron/main/app/window.ts', source: "import 'electron';\nimport '../ipc/handlers';" },
  { file: 'electron/preload/index.ts', source: "import 'electron';" },
  { file: 'server/exchange/ccxt-client.ts', source: "import 'ccxt';" },
  { file: 'server/exchange/ccxt-urls.ts', source: "import 'ccxt';" },
  { file: 'server/exchange/errors.test.ts', source: "import 'ccxt';" },
  { file: 'sim/orders.test.ts', source: "import 'ccxt';" },
  { file: 'server/chain/rpc.ts', source: "import 'ethers';" },
  { file: 'server/config/chain-keys.ts', source: "import 'ethers';\nimport '../../common/constants';" },
  { file: 'server/chain/scanner.ts', source: "import '../config/config';" },
  { file: 'server/logging/redact.test.ts', source: "import 'ethers';" },
  { file: 'tests/e2e/wallet.e2e.ts', source: "import 'ethers';" },
  { file: 'server/modules/bots/start.test.ts', source: "import './testing/fixtures';" },
  {
    file: 'server/engine/testing/harness.ts',
    source: "import '../../testing/server';\nimport '../../modules/bots/testing/fixtures';",
  },
  { file: 'renderer/app/boot.test.tsx', source: "import '../testing/fakeBridge';" },
  { file: 'renderer/build/styles.ts', source: "import 'node:module';\nimport '../app/theme-config';" },
  { file: 'renderer/vite.config.ts', source: "import 'node:crypto';\nimport './build/antdStyles';" },
  { file: 'tests/e2e/login.e2e.ts', source: "import '../../server/testing/server';" },
  { file: 'bench/api.ts', source: "import '../server/config/config';\nimport './support/bench-db';\nimport '../sim/simulator';" },
];

/** Files the imports above point at. */
const TARGETS = [
  'common/constants.ts',
  'common/money.ts',
  'server/config/config.ts',
  'server/db/database.ts',
  'trading/exact.ts',
  'trading/index.ts',
  'electron/main/ipc/handlers.ts',
  'server/modules/bots/route-free.ts',
  'server/http/plugins/errors.ts',
  'server/mail/outbox.ts',
  'server/modules/bots/testing/fixtures.ts',
  'server/testing/server.ts',
  'server/testing/members.ts',
  'renderer/testing/fakeBridge.ts',
  'bench/support/bench-db.ts',
  'renderer/build/antdStyles.ts',
  'renderer/app/theme-config.ts',
  'sim/simulator.ts',
  'server/exchange/ccxt-urls.ts',
  'server/embed.ts',
  'server/modules/keys/keys.ts',
  'server/chain/local-chain.ts',
  'server/chain/keys.ts',
  'server/logging/format.ts',
  'server/modules/bots/access.ts',
  'server/modules/cycles/sparklines.ts',
  'server/modules/cycles/access.ts',
  'server/modules/runnables/figures.ts',
];

let root: string;
let result: ICruiseResult;

function write(file: string, source: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), `${source}\nexport {};\n`);
}

/** Each (rule, file) pair the cruise reports, for the file's own imports. */
function violations(): { rule: string; file: string }[] {
  return result.summary.violations.map((violation) => ({ rule: violation.rule.name, file: violation.from }));
}

beforeAll(async () => {
  mkdirSync('.tmp', { recursive: true });
  root = resolve(mkdtempSync(join('.tmp', 'boundaries-')));
  for (const { file, source } of [...FORBIDDEN, ...ALLOWED]) write(file, source);
  for (const file of TARGETS) write(file, '');
  write('server/engine/pong.ts', "import './ping';");
  write('server/exchange/ledger-user.ts', "import '../db/rows';");
  write('server/db/rows.ts', '');
  write('server/db/symbol-user.ts', "import '../exchange/symbols';");
  write('server/exchange/symbols.ts', '');
  // The server's own files (server/*) and a folder importing each other; a testing/ folder importing them.
  write('server/wiring.ts', "import './logging/sink';\nimport './cache/store';");
  write('server/wiring-types.ts', '');
  write('server/logging/sink.ts', "import '../wiring-types';");
  write('server/cache/store.ts', '');
  write('server/cache/testing/build.ts', "import '../../wiring';");
  const options = await cruiseOptions(false);
  delete options.tsConfig;
  const folders = ['common', 'trading', 'server', 'electron', 'renderer', 'sim', 'tests', 'bench'];
  result = (await cruise(folders, { ...options, baseDir: root })).output as ICruiseResult;
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('the boundary rules of .dependency-cruiser.mjs', () => {
  it.each(FORBIDDEN)('$rule refuses $file: $source', ({ rule, file }) => {
    expect(violations()).toContainEqual({ rule, file });
  });

  it('let every allowed import through', () => {
    const allowed = new Set(ALLOWED.map(({ file }) => file));
    expect(violations().filter(({ file }) => allowed.has(file))).toEqual([]);
  });

  it('report nothing but the forbidden imports', () => {
    const expected = FORBIDDEN.map(({ rule, file }) => `${rule} ${file}`);
    const reported = violations().map(({ rule, file }) => `${rule} ${file}`);
    expect(new Set(reported)).toEqual(new Set(expected));
  });
});

describe('the folder-cycle check', () => {
  it('reports both edges of two folders importing each other, with a file import for each', () => {
    const edges = folderCycleEdges(result.modules).filter(({ cycle }) => cycle.includes('server/exchange'));
    expect(edges.map(({ edge }) => edge).sort()).toEqual(['server/db -> server/exchange', 'server/exchange -> server/db']);
    expect(edges.map(({ example }) => example).sort()).toEqual([
      'server/db/symbol-user.ts -> server/exchange/symbols.ts',
      'server/exchange/ledger-user.ts -> server/db/rows.ts',
    ]);
  });

  it("counts a folder's own files as a folder: server/* and server/logging importing each other is a cycle", () => {
    const edges = folderCycleEdges(result.modules).filter(({ cycle }) => cycle.includes('server/logging'));
    expect(edges.map(({ edge }) => edge).sort()).toEqual(['server/* -> server/logging', 'server/logging -> server/*']);
    expect(edges.map(({ example }) => example).sort()).toEqual([
      'server/logging/sink.ts -> server/wiring-types.ts',
      'server/wiring.ts -> server/logging/sink.ts',
    ]);
  });

  it('counts a testing/ folder apart from its folder: a helper building the server from its root closes no cycle', () => {
    expect(
      folderCycleEdges(result.modules).filter(({ cycle }) => cycle.some((folder) => folder.startsWith('server/cache'))),
    ).toEqual([]);
  });

  it('finds no cycle where imports go one way (server/http -> server/mail)', () => {
    expect(folderCycleEdges(result.modules).filter(({ cycle }) => cycle.includes('server/http'))).toEqual([]);
  });
});
