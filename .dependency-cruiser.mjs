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
  'electron', 'electron-store', 'conf', 'keytar',
  'ccxt', 'pg', '@electric-sql/pglite', 'drizzle-orm', 'drizzle-kit',
  'react', 'react-dom', 'antd', '@ant-design/[^/]+', 'react-router-dom', '@tanstack/[^/]+',
  'fastify', '@fastify/[^/]+', 'fastify-plugin', 'helmet',
  'ethers', 'axios', 'undici', 'ws', 'nodemailer', 'pino', 'prom-client', '@node-rs/[^/]+', 'qrcode',
].join('|');

/** What the sandboxed window may load: UI, forms and charts (and, for its tests, the test kit). */
const BROWSER_PACKAGES = [
  'react', 'react-dom', 'react-router-dom', 'antd', '@ant-design/[^/]+', '@tanstack/react-query',
  'yup', 'lightweight-charts', 'vitest', '@testing-library/[^/]+',
].join('|');

const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];

/** The ccxt client: the one place that talks ccxt (ARCHITECTURE section 6). */
const CCXT_CLIENT = '^server/exchange/(ccxt-binance|ccxt-client|ccxt-gateway|ccxt-urls)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'pure-core-no-io',
      comment:
        'common/ runs in every runtime and server/trading/ is the deterministic core the engine, ' +
        'the backtester and the tests drive alike: neither may do I/O or tie itself to a runtime.',
      severity: 'error',
      from: { path: '^(common|server/trading)/' },
      to: { path: pkg(IO_PACKAGES) },
    },
    {
      name: 'pure-core-no-node-builtins',
      comment: 'common/ also runs in the sandboxed renderer, and the trading core has no clock, files or network.',
      severity: 'error',
      from: { path: '^(common|server/trading)/' },
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
      from: { path: '^server/trading/' },
      to: { dependencyTypes: ['local'], pathNot: '^(server/trading|common)/' },
    },
    {
      name: 'trading-only-through-index',
      comment: 'server/trading/index.ts is the core\'s one door: its files can change behind it.',
      severity: 'error',
      from: { pathNot: '^server/trading/' },
      to: { path: '^server/trading/', pathNot: '^server/trading/index\\.ts$' },
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
      comment: 'Main and the preview serve the renderer\'s build output by path; they never import its code.',
      severity: 'error',
      from: { path: '^electron/' },
      to: { path: '^renderer/' },
    },
    {
      name: 'electron-only-in-main-glue',
      comment:
        'Only electron/main/app/ (the thin glue of electron/main/) and the preload (contextBridge, ' +
        'ipcRenderer) import electron, so main\'s handlers run in plain Node: tests and the browser preview.',
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
        'server/chain/ is the BEP-20 adapter; nothing else speaks ethers. Tests may use ethers as ' +
        'an oracle (a random address, the mnemonic format the redaction must hide).',
      severity: 'error',
      from: { pathNot: ['^server/chain/', TEST_FILE] },
      to: { path: pkg('ethers') },
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
      name: 'modules-not-http',
      comment: 'Domain modules are testable without HTTP; routes call modules, never the reverse.',
      severity: 'error',
      from: { path: '^server/modules/' },
      to: { path: '^server/http/' },
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
