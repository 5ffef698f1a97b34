/**
 * The import boundaries of ARCHITECTURE section 2, checked by `npm run lint`
 * (scripts/boundaries.ts cruises with this file; scripts/boundaries.test.ts proves each rule
 * refuses its forbidden import).
 *
 * dependency-cruiser rather than eslint-plugin-boundaries: it sees the whole import graph at
 * once, so it finds cycles between files across folders (eslint checks one file at a time),
 * its JSON graph lets scripts/boundaries.ts find cycles between folders, it resolves imports
 * the way TypeScript does (through tsconfig.json), and it keeps a baseline of known violations
 * (.dependency-cruiser-known-violations.json) so a rule can land before the code that breaks
 * it is gone: each fix shrinks that file (`npm run lint:baseline` rewrites it).
 *
 * Paths are relative to the repository root. `sim/` (the Binance-compatible simulator) gets its
 * rules here already; the check cruises it once the folder exists.
 *
 * Tests: a test file (`*.test.ts(x)`, `*.e2e.ts`, anything under tests/) is held to the same
 * rules as the code beside it, with two exceptions named in their rules: tests may use ethers
 * as an oracle, and the exchange and simulator tests drive the simulator with the real ccxt
 * client. Test files are left out of the folder-cycle check (nothing imports a test).
 *
 * Test helpers (fakes, fixtures, harnesses, vitest setup files) live in a folder named testing/
 * beside the code they help (server/testing/, server/engine/testing/, renderer/testing/, ...):
 * the folder's name says "not production code" before any file is opened, and one path pattern
 * lets this file keep production code and the benches off them (test-code-only-in-tests).
 */

/** The renderer's build: run by Node when the page is built, never part of the page (tests of it included). */
const RENDERER_BUILD = '^renderer/(vite\\.config\\.ts$|build/)';

/** An npm package (or one of several, a regex alternation) wherever node_modules lives. */
const pkg = (names) => `(^|/)node_modules/(${names})/`;

const TEST_FILE = '\\.test\\.tsx?$|\\.e2e\\.ts$|^tests/';

/** A folder of test helpers, at any depth. */
const TESTING = '(^|/)testing/';

const IO_PACKAGES = [
  'electron',
  'electron-store',
  'conf',
  'keytar',
  'ccxt',
  'pg',
  '@electric-sql/pglite',
  'drizzle-orm',
  'drizzle-kit',
  'react',
  'react-dom',
  'antd',
  '@ant-design/[^/]+',
  'react-router-dom',
  '@tanstack/[^/]+',
  'fastify',
  '@fastify/[^/]+',
  'fastify-plugin',
  'helmet',
  'ethers',
  'axios',
  'undici',
  'ws',
  'nodemailer',
  'pino',
  'prom-client',
  '@node-rs/[^/]+',
  'qrcode',
].join('|');

/** What the sandboxed window may load: UI, forms and charts (and, for its tests, the test kit). */
const BROWSER_PACKAGES = [
  'react',
  'react-dom',
  'react-router-dom',
  'antd',
  '@ant-design/[^/]+',
  '@tanstack/react-query',
  'yup',
  'lightweight-charts',
  'vitest',
  '@testing-library/[^/]+',
].join('|');

const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];

/** The browser preview's local chain: development tooling that starts ganache (see its rule). */
const PREVIEW_CHAIN = '^electron/preview/local-chain\\.ts$';

/** The ccxt client: the one place that talks ccxt (ARCHITECTURE section 6). */
const CCXT_CLIENT = '^server/exchange/(ccxt-binance|ccxt-client|ccxt-gateway|ccxt-urls)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'pure-core-no-io',
      comment:
        'common/ runs in every runtime and trading/ is the deterministic core the engine, ' +
        'the backtester and the tests drive alike: neither may do I/O or tie itself to a runtime.',
      severity: 'error',
      from: { path: '^(common|trading)/' },
      to: { path: pkg(IO_PACKAGES) },
    },
    {
      name: 'pure-core-no-node-builtins',
      comment: 'common/ also runs in the sandboxed renderer, and the trading core has no clock, files or network.',
      severity: 'error',
      from: { path: '^(common|trading)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'common-imports-only-common',
      comment: 'common/ is shared by every runtime, so it depends on none of them.',
      severity: 'error',
      from: { path: '^common/' },
      to: { dependencyTypes: ['local'], pathNot: '^common/' },
    },
    {
      name: 'trading-imports-only-common',
      comment: 'The trading core knows nothing of the database, the engine, the exchange or HTTP.',
      severity: 'error',
      from: { path: '^trading/' },
      to: { dependencyTypes: ['local'], pathNot: '^(trading|common)/' },
    },
    {
      name: 'trading-only-through-index',
      comment: "trading/index.ts is the core's one door: its files can change behind it.",
      severity: 'error',
      from: { pathNot: '^trading/' },
      to: { path: '^trading/', pathNot: '^trading/index\\.ts$' },
    },
    {
      name: 'renderer-imports-only-common',
      comment: 'The renderer is a sandboxed page: it talks to main over window.griddesk, never to its code.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { dependencyTypes: ['local'], pathNot: '^(renderer|common)/' },
    },
    {
      name: 'renderer-no-node-builtins',
      comment: 'The renderer has no Node (sandbox, no nodeIntegration).',
      severity: 'error',
      from: { path: '^renderer/', pathNot: RENDERER_BUILD },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'renderer-page-not-build',
      comment: 'The page never imports the build (vite.config.ts, build/): that code runs in Node.',
      severity: 'error',
      from: { path: '^renderer/', pathNot: RENDERER_BUILD },
      to: { path: RENDERER_BUILD },
    },
    {
      name: 'renderer-browser-packages-only',
      comment:
        'The renderer loads UI, form and chart packages only: no network clients, no Node ' +
        'packages. vite.config.ts and build/ are the build, run by Node, not part of the page.',
      severity: 'error',
      from: { path: '^renderer/', pathNot: RENDERER_BUILD },
      to: { dependencyTypes: NPM, pathNot: pkg(BROWSER_PACKAGES) },
    },
    {
      name: 'electron-not-renderer',
      comment: "Main and the preview serve the renderer's build output by path; they never import its code.",
      severity: 'error',
      from: { path: '^electron/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'electron-only-in-main-glue',
      comment:
        'Only electron/main/app/ (the thin glue of electron/main/) and the preload (contextBridge, ' +
        "ipcRenderer) import electron, so main's handlers run in plain Node: tests and the browser preview.",
      severity: 'error',
      from: { pathNot: '^electron/(main/app|preload)/' },
      to: { path: pkg('electron') },
    },
    {
      name: 'server-not-desktop',
      comment: 'The platform server runs without the desktop; the desktop embeds it, not the reverse.',
      severity: 'error',
      from: { path: '^(server|sim)/' },
      to: { path: '^(electron|renderer)/' },
    },
    {
      name: 'ccxt-only-in-ccxt-client',
      comment:
        'One wrapper talks ccxt and maps its errors to ours (ARCHITECTURE section 6). Tests of ' +
        'server/exchange/ and sim/ may: they drive the simulator with the real ccxt client.',
      severity: 'error',
      from: { pathNot: [CCXT_CLIENT, '^(server/exchange|sim)/.*\\.test\\.ts$'] },
      to: { path: pkg('ccxt') },
    },
    {
      name: 'ethers-only-in-chain',
      comment:
        'server/chain/ is the BEP-20 adapter; besides it only the chain rules of the configuration ' +
        '(server/config/chain-keys.ts and chain-addresses.ts: the boot checks of key material and ' +
        'the address derivation the configuration hands the modules, pure functions) speak ethers. ' +
        'Tests may use ethers as an oracle (a random address, the mnemonic format the redaction must hide).',
      severity: 'error',
      from: { pathNot: ['^server/chain/', '^server/config/chain-(keys|addresses)\\.ts$', TEST_FILE] },
      to: { path: pkg('ethers') },
    },
    {
      name: 'config-is-the-ground-floor',
      comment:
        'server/config/ (environment parsing, Config, ConfigError and the chain key rules it ' +
        'calls) is what every other part of the server, and the desktop through server/embed.ts, ' +
        'stands on: it imports nothing of the server above it, so it can never form a cycle with them.',
      severity: 'error',
      from: { path: '^server/config/' },
      to: { dependencyTypes: ['local'], pathNot: '^(server/config|common)/' },
    },
    {
      name: 'decimal-only-in-money',
      comment:
        'One money type with one configuration (64 significant digits): common/money.ts is the ' +
        'only importer of decimal.js; everything else, tests and benches included, takes its Decimal.',
      severity: 'error',
      from: { pathNot: '^common/money\\.ts$' },
      to: { path: pkg('decimal\\.js') },
    },
    {
      name: 'http-only-from-the-app',
      comment:
        'HTTP is the outermost layer: routes call the domain modules, the engine, the chain and ' +
        'the exchange, never the reverse, so each of them runs and is tested without HTTP (the ' +
        'engine in its own process, the chain role without an API). Only server/app.ts composes it.',
      severity: 'error',
      from: { path: '^(server|sim)/', pathNot: '^server/(http/|app\\.ts$)' },
      to: { path: '^server/http/' },
    },
    {
      name: 'engine-not-modules',
      comment:
        'The engine is the kernel the domain modules hand runnables to (through the database and ' +
        'server/runnables/), so it runs in a process of its own without them: it never imports ' +
        'them. Its tests and testing/ harnesses may: they set members and bots up as the server does.',
      severity: 'error',
      from: { path: '^server/engine/', pathNot: [TEST_FILE, TESTING] },
      to: { path: '^server/modules/' },
    },
    {
      name: 'runnable-kinds-apart',
      comment:
        'Each kind of runnable (bots, cycles) has its module; what they share (figures, prices, ' +
        'sparklines, the command path, deps) lives in server/modules/runnables/, so a new kind ' +
        'copies nothing and no kind leans on another. Tests and testing/ harnesses may reach across.',
      severity: 'error',
      from: { path: '^server/modules/(bots|cycles)/', pathNot: [TEST_FILE, TESTING] },
      to: { path: '^server/modules/(bots|cycles)/', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'sim-only-through-trading',
      comment:
        "The simulator stands in for Binance, a separate product: it shares the trading core's " +
        'arithmetic (through its index) and nothing else of the server, not its database, modules ' +
        'or engine.',
      severity: 'error',
      from: { path: '^sim/', pathNot: [TEST_FILE, TESTING] },
      to: { dependencyTypes: ['local'], pathNot: ['^(sim|common)/', '^trading/index\\.ts$'] },
    },
    {
      name: 'sim-tests-only-through-trading-and-ccxt',
      comment:
        "The simulator's tests and testing/ drive it as the server does, through the server's " +
        'ccxt client (server/exchange/ccxt-urls.ts), and reach nothing else of the server.',
      severity: 'error',
      from: { path: '^sim/.*(\\.test\\.ts$|(^|/)testing/)' },
      to: { dependencyTypes: ['local'], pathNot: ['^(sim|common)/', '^trading/index\\.ts$', '^server/exchange/ccxt-urls\\.ts$'] },
    },
    {
      name: 'sim-only-from-the-exchange-factory',
      comment:
        'The server meets the simulator in one place, server/exchange/exchange-factory.ts, which ' +
        'starts it in-process for EXCHANGE=sim; the domain modules, the engine and the rest talk ' +
        'to it as to Binance, through the exchange gateway. Tests and benches may start it.',
      severity: 'error',
      from: { path: '^server/', pathNot: ['^server/exchange/exchange-factory\\.ts$', TEST_FILE, TESTING] },
      to: { path: '^sim/' },
    },
    {
      name: 'electron-only-through-embed',
      comment:
        'The desktop embeds the server through one door, server/embed.ts, so what the desktop ' +
        "depends on is that list, not the server's layout. Tests of electron/ may also check what " +
        'the embedded server stored (its schema, sealed secrets) and use server/testing/.',
      severity: 'error',
      from: { path: '^electron/', pathNot: [TEST_FILE, TESTING, PREVIEW_CHAIN] },
      to: { path: '^server/', pathNot: '^server/embed\\.ts$' },
    },
    {
      name: 'preview-chain-only-the-local-chain',
      comment:
        "The browser preview's local test chain (development only: ganache, which the packaged " +
        'app must not bundle, so it is not in server/embed.ts) imports the local chain and ' +
        'nothing else of the server past the facade.',
      severity: 'error',
      from: { path: PREVIEW_CHAIN },
      to: { path: '^server/', pathNot: '^server/(embed|chain/local-chain|chain/local-chain-env)\\.ts$' },
    },
    {
      name: 'ipc-not-server',
      comment:
        "Main's IPC handlers reach the server over HTTP only, as a packaged app reaches a remote " +
        'server: a handler that called a domain module would work embedded and break remote. ' +
        'Their tests too: they run the handlers against a server over HTTP.',
      severity: 'error',
      from: { path: '^electron/main/ipc/' },
      to: { path: '^server/' },
    },
    {
      name: 'test-code-only-in-tests',
      comment:
        'testing/ folders hold test-only code (fakes, fixtures, harnesses): only tests and other ' +
        'testing/ code import them, so none of it reaches a production bundle. bench/ measures ' +
        'production code and keeps its own helpers in bench/support/.',
      severity: 'error',
      from: { pathNot: [TEST_FILE, TESTING] },
      to: { path: TESTING, dependencyTypes: ['local'] },
    },
    {
      name: 'no-file-cycles',
      comment: 'A cycle of imports has no order to read, test or load it in.',
      severity: 'error',
      from: { path: '^(common|server|electron|renderer|sim)/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import the cruiser cannot resolve would slip past every rule above.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Report packages as node_modules/<name>/... even where node_modules is a symlink, so the
    // baseline reads the same on every checkout.
    preserveSymlinks: true,
    exclude: { path: '^(dist|\\.tmp|\\.tsbuild|\\.data)/' },
    // `import type` counts: a type from the wrong layer couples the layers as much as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
