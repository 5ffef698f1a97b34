// Lint, including the import boundaries of ARCHITECTURE section 2. A wrong import fails
// `npm run lint` (and so `npm test`), not a code review.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Node builtins are matched as exact names (`paths`): as gitignore-style patterns a bare name
// such as 'constants' would also match our own '../constants'.
const nodeBuiltinPaths = (message) => builtinModules.filter((m) => !m.startsWith('_')).map((name) => ({ name, message }));
const nodePrefixed = (message) => ({ group: ['node:*'], message });

const pureMessage = 'common/ and trading/ are pure: no I/O, no runtime-specific packages.';
const noIo = {
  regex: '^(electron|react|react-dom|antd|pg|ccxt|fastify|@fastify|drizzle-orm|@electric-sql|axios|keytar)(/.*)?$',
  message: pureMessage,
};
const notOurOtherRuntimes = (folders) => ({
  group: folders.flatMap((f) => [`**/${f}/**`, `**/${f}`]),
  message: 'This runtime may not import that folder (ARCHITECTURE section 2).',
});
const sandboxMessage = 'The renderer is sandboxed: no Node, no network; talk to main over window.griddesk.';
// Package names are matched by regex: a gitignore-style group such as 'electron/*' would also
// catch our own relative paths ('../electron/preview/host').
const ccxtOnlyInExchange = {
  regex: '^ccxt(/.*)?$',
  message: 'Only server/exchange/ imports ccxt.',
};
// sim/ is a product of its own (sim/README.md): it shares the pure trading core (trading/,
// whose futures arithmetic it books positions with) and common/, nothing of server/; its tests
// also drive it through the server's ccxt client set-up, the client it exists to serve.
const simStaysOutOfServer = (allowed) => ({
  regex: allowed.length === 0 ? '^(\\.\\./)+server(/.*)?$' : `^(\\.\\./)+server/(?!(${allowed.join('|')})$)`,
  message: 'sim/ imports nothing of server/ (tests: only server/exchange/ccxt-urls).',
});
// The server embeds the simulator at one place (exchange-factory.ts, for EXCHANGE=sim); tests
// and test helpers start their own.
const simOnlyAtCompositionRoot = {
  regex: '^(\\.\\./)+sim(/.*)?$',
  message: 'Only server/exchange/exchange-factory.ts (and tests) import sim/.',
};
const serverTestsAndHelpers = ['server/**/*.test.ts', 'server/**/testing/**/*.ts'];
const electronOnlyInMain = {
  regex: '^electron(/.*)?$',
  message: 'Only electron/main/ (the thin glue) and the preload import electron.',
};

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      '.tmp/**',
      'release/**',
      '.tsbuild/**',
      '.data/**',
      'coverage/**',
      'server/db/migrations/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [ccxtOnlyInExchange, electronOnlyInMain] }],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltinPaths(pureMessage), { name: 'electron', message: pureMessage }],
          patterns: [
            noIo,
            nodePrefixed(pureMessage),
            notOurOtherRuntimes(['server', 'renderer', 'electron', 'tests', 'scripts', 'bench']),
          ],
        },
      ],
    },
  },
  {
    files: ['trading/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodeBuiltinPaths(pureMessage), { name: 'electron', message: pureMessage }],
          patterns: [
            noIo,
            nodePrefixed(pureMessage),
            notOurOtherRuntimes(['server', 'renderer', 'electron', 'sim', 'tests', 'scripts', 'bench']),
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/exchange/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ccxtOnlyInExchange,
            electronOnlyInMain,
            notOurOtherRuntimes(['renderer', 'electron']),
            simOnlyAtCompositionRoot,
          ],
        },
      ],
    },
  },
  {
    files: ['server/exchange/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [electronOnlyInMain, notOurOtherRuntimes(['renderer', 'electron']), simOnlyAtCompositionRoot],
        },
      ],
    },
  },
  {
    files: serverTestsAndHelpers,
    ignores: ['server/exchange/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [ccxtOnlyInExchange, electronOnlyInMain, notOurOtherRuntimes(['renderer', 'electron'])],
        },
      ],
    },
  },
  {
    files: ['server/exchange/**/*.test.ts', 'server/exchange/testing/**/*.ts', 'server/exchange/exchange-factory.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [electronOnlyInMain, notOurOtherRuntimes(['renderer', 'electron'])],
        },
      ],
    },
  },
  {
    files: ['sim/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ccxtOnlyInExchange,
            electronOnlyInMain,
            notOurOtherRuntimes(['renderer', 'electron']),
            simStaysOutOfServer([]),
          ],
        },
      ],
    },
  },
  {
    files: ['sim/**/*.test.ts', 'sim/testing/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            electronOnlyInMain,
            notOurOtherRuntimes(['renderer', 'electron']),
            simStaysOutOfServer(['exchange/ccxt-urls']),
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltinPaths(sandboxMessage),
          patterns: [
            nodePrefixed(sandboxMessage),
            { regex: '^(electron|axios|keytar|pg|ccxt|fastify|@fastify)(/.*)?$', message: sandboxMessage },
            notOurOtherRuntimes(['server', 'electron', 'tests', 'scripts']),
          ],
        },
      ],
    },
  },
  {
    // The renderer's build (vite.config.ts, build/) runs in Node when the page is built, never
    // in the page: Node's built-ins are its to use; the rest of the renderer's rules hold.
    files: ['renderer/vite.config.ts', 'renderer/build/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(electron|axios|keytar|pg|ccxt|fastify|@fastify)(/.*)?$', message: sandboxMessage },
            notOurOtherRuntimes(['server', 'electron', 'tests', 'scripts']),
          ],
        },
      ],
    },
  },
  {
    files: [
      'electron/main/ipc/**/*.ts',
      'electron/main/ports/**/*.ts',
      'electron/main/updater/**/*.ts',
      'electron/main/diagnostics/**/*.ts',
      'electron/preview/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [electronOnlyInMain, ccxtOnlyInExchange, notOurOtherRuntimes(['renderer'])],
        },
      ],
    },
  },
  {
    files: ['electron/main/app/**/*.ts', 'electron/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [ccxtOnlyInExchange, notOurOtherRuntimes(['renderer'])] }],
    },
  },
  {
    // electron-builder loads its configuration with require(): CommonJS, Node only.
    files: ['build/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'tests/**/*.ts', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
