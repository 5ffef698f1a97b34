/**
 * Keeps the deployment files (deploy/) honest against the code they run: every variable the
 * environment examples set is one the server reads, and the filled-in example loads; every metric
 * an alert reads is one the server registers; every file the units, compose and the Dockerfile
 * run is one the build makes; the proxies keep /metrics and /docs private and pass the event
 * streams through unbuffered. Plain reads of the files, no network.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { accountXpubOf, addressOfPrivateKey } from '../server/config/chain-keys';
import { loadConfig } from '../server/config/config';
import { APP_HELMET_OPTIONS, securityHeaders } from '../server/http/plugins/security-headers';

const ROOT = resolve(__dirname, '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** Every .ts file under `dir`, tests and test helpers left out. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** What the deployment files run, in one place. */
const BUILD_OUTPUTS = [
  'dist/server/main.js',
  'dist/server/cli/admin.js',
  'dist/server/cli/migrate.js',
  'dist/server/cli/faucet.js',
  'dist/server/cli/chain.js',
  'dist/server/cli/backup.js',
];

/**
 * The server-side outputs scripts/build-node.mjs makes, read from its text: the server's entry
 * and the CLIs it lists (`[...].map((cli) => `server/cli/${cli}.ts`)`), each into dist/server/.
 */
function builtServerOutputs(build: string): string[] {
  const clis = /\[([^\]]*)\]\.map\(\(cli\) => `server\/cli\/\$\{cli\}\.ts`\)/.exec(build)?.[1] ?? '';
  const names = [...clis.matchAll(/'([\w-]+)'/g)].map((m) => m[1]!);
  return [
    ...(build.includes("'server/main.ts'") ? ['dist/server/main.js'] : []),
    ...names.map((name) => `dist/server/cli/${name}.js`),
  ];
}

/** Series Prometheus or an exporter makes, not the server. */
const EXTERNAL_SERIES = new Map([
  ['up', 'Prometheus, per scrape target'],
  ['probe_success', 'the blackbox exporter (/readyz)'],
]);

const ENV_EXAMPLES = ['deploy/griddesk.env.example', 'deploy/chain.env.example'];
const UNITS = ['griddesk-api.service', 'griddesk-engine@.service', 'griddesk-chain.service', 'griddesk-migrate.service'].map(
  (f) => `deploy/systemd/${f}`,
);
const RUNNERS = [...UNITS, 'deploy/compose.yaml', 'deploy/Dockerfile'];

/** VAR=value lines, commented-out ones too (they name a variable the reader may set). */
function assignments(text: string): Array<{ name: string; value: string; commented: boolean; line: number }> {
  return text.split('\n').flatMap((line, index) => {
    const match = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    return match ? [{ name: match[2]!, value: match[3]!, commented: match[1] !== undefined, line: index }] : [];
  });
}

/** The names the configuration readers read (quoted upper-case names in server/config/*.ts). */
function configNames(): Set<string> {
  const files = readdirSync(join(ROOT, 'server', 'config')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  return new Set(files.flatMap((f) => [...read(`server/config/${f}`).matchAll(/'([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]!)));
}

describe('the environment examples', () => {
  const names = configNames();

  it('set only variables the server reads, each with a comment above it', () => {
    for (const file of ENV_EXAMPLES) {
      const lines = read(file).split('\n');
      for (const { name, line } of assignments(read(file))) {
        expect(names.has(name), `${file}: ${name} is read by no server/config/*.ts`).toBe(true);
        expect(lines[line - 1], `${file}: ${name} has no comment line above it`).toMatch(/^#/);
      }
    }
  });

  it('run on Binance behind the proxy, and leave per-process settings and the hot-wallet key out of the shared file', () => {
    const shared = new Map(
      assignments(read('deploy/griddesk.env.example'))
        .filter((a) => !a.commented)
        .map((a) => [a.name, a.value]),
    );
    expect(Object.fromEntries(['EXCHANGE', 'HOST', 'TRUST_PROXY', 'MIGRATIONS_ON_BOOT'].map((n) => [n, shared.get(n)]))).toEqual({
      EXCHANGE: 'binance',
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      MIGRATIONS_ON_BOOT: 'check',
    });
    for (const name of ['MAIL_FROM', 'APP_WEB_URL', 'SMTP_URL', 'METRICS_TOKEN', 'DATABASE_URL', 'JWT_SECRET', 'SECRETS_KEY']) {
      expect(shared.has(name), `${name} missing`).toBe(true);
    }
    // Each unit sets these itself (systemd lets an EnvironmentFile override Environment=).
    for (const name of ['ROLES', 'ENGINE_ID', 'HOT_WALLET_PRIVATE_KEY', 'DEPOSIT_MNEMONIC'])
      expect(shared.has(name), name).toBe(false);
    expect(assignments(read('deploy/chain.env.example')).map((a) => a.name)).toEqual(['HOT_WALLET_PRIVATE_KEY']);
  });

  it('load as a chain process once their <placeholders> are filled in', () => {
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
    const filled: Record<string, string> = {
      SERVER_PUBLIC_IP: '203.0.113.10',
      JWT_SECRET: 'j'.repeat(64),
      SECRETS_KEY: 'ab'.repeat(32),
      METRICS_TOKEN: 'metrics-token-123',
      DEPOSIT_XPUB: accountXpubOf('test test test test test test test test test test test junk'),
      HOT_WALLET_ADDRESS: addressOfPrivateKey(key),
      HOT_WALLET_PRIVATE_KEY: key,
      TOKEN_IFT: '0x1111111111111111111111111111111111111111',
      TOKEN_IFX: '0x2222222222222222222222222222222222222222',
    };
    const env: Record<string, string> = {};
    for (const file of ENV_EXAMPLES) {
      for (const { name, value, commented } of assignments(read(file))) {
        if (commented) continue;
        // A placeholder inside a URL (<password>, <user>, <smtp.example.com>) becomes a plain word;
        // MAIL_FROM's <address> is no placeholder.
        env[name] =
          filled[name] ??
          (name === 'MAIL_FROM'
            ? value
            : value.replace(/<([^>]*)>/g, (_, inside: string) => inside.replace(/[^a-z0-9.-]/gi, '') || 'x'));
      }
    }
    const config = loadConfig({ ...env, ROLES: 'chain' }, { createSecrets: false });
    expect({
      exchange: config.exchange,
      host: config.host,
      port: config.port,
      trustProxy: config.trustProxy,
      mailFrom: config.mailFrom,
      appWebUrl: config.appWebUrl,
      deposits: config.chain.deposits.enabled,
      payouts: config.chain.payouts.enabled,
      logFormat: config.logFormat,
    }).toEqual({
      exchange: 'binance',
      host: '127.0.0.1',
      port: 8080,
      trustProxy: ['127.0.0.1'],
      mailFrom: 'GridDesk <no-reply@example.com>',
      appWebUrl: 'https://griddesk.example.com',
      deposits: true,
      payouts: true,
      logFormat: 'json',
    });
  });
});

/**
 * Metric names the server registers: `name: '...'` in the files that use prom-client, and, where
 * one calls collectDefaultMetrics, the names of prom-client's default metrics (read from a
 * registry they are collected into, not written out here).
 */
function registeredMetrics(): Set<string> {
  const files = sources('server').filter((f) => read(f).includes("from 'prom-client'"));
  const named = files.flatMap((f) => [...read(f).matchAll(/\bname: '([a-zA-Z_:][a-zA-Z0-9_:]*)'/g)].map((m) => m[1]!));
  if (!files.some((f) => /\bcollectDefaultMetrics\(/.test(read(f)))) return new Set(named);
  const defaults = new Registry();
  collectDefaultMetrics({ register: defaults });
  return new Set([...named, ...defaults.getMetricsAsArray().map((metric) => metric.name)]);
}

/** The series a PromQL expression reads (label matchers, ranges, grouping clauses, functions and operators removed). */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\b[a-zA-Z_][a-zA-Z0-9_]*\s*\(/g, ' (')
    .replace(/\b(and|or|unless|bool|offset)\b/g, ' ')
    .replace(/\b\d+(\.\d+)?(e[+-]?\d+)?\b/gi, ' ');
  return [...new Set(bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/g) ?? [])];
}

interface Rule {
  alert: string;
  text: string;
  expr: string;
}

function alertRules(): Rule[] {
  const text = read('deploy/prometheus/griddesk-alerts.yml');
  return text
    .split(/\n(?=[ \t]*- alert: )/)
    .slice(1)
    .map((block) => ({
      alert: /- alert: (\S+)/.exec(block)![1]!,
      text: block,
      expr: /\n\s*expr: (.+)/.exec(block)?.[1] ?? '',
    }));
}

describe('the alert rules', () => {
  const registered = registeredMetrics();
  const rules = alertRules();

  it('read only metrics the server registers (histograms by their _bucket, _sum, _count)', () => {
    expect(
      seriesOf('histogram_quantile(0.99, sum by (instance, le) (rate(a_bucket{x="y"}[5m]))) > 1 and on() max(b) == 0'),
    ).toEqual(['a_bucket', 'b']);
    expect(rules.length).toBeGreaterThanOrEqual(8);
    for (const { alert, expr } of rules) {
      expect(expr, `${alert} has no one-line expr`).not.toBe('');
      for (const series of seriesOf(expr)) {
        const metric = series.replace(/_(bucket|sum|count)$/, '');
        expect(
          registered.has(series) || registered.has(metric) || EXTERNAL_SERIES.has(series),
          `${alert} reads ${series}, which the server does not register`,
        ).toBe(true);
      }
    }
  });

  it('each wait, name a severity and a summary, and link to its entry in the README runbook', () => {
    const readme = read('README.md');
    for (const { alert, text } of rules) {
      expect(text, alert).toMatch(/\n\s*for: \d+m\n/);
      expect(text, alert).toMatch(/\n\s*severity: (critical|warning)\n/);
      expect(text, alert).toMatch(/\n\s*summary: \S/);
      expect(text, alert).toContain(`runbook_url: README.md#${alert.toLowerCase()}`);
      expect(readme, `README has no heading for ${alert}`).toMatch(new RegExp(`^#+ ${alert}$`, 'm'));
    }
  });
});

describe('what the units, compose and the Dockerfile run', () => {
  it('is a file the build makes', () => {
    const built = builtServerOutputs(read('scripts/build-node.mjs'));
    for (const file of RUNNERS) {
      for (const [path] of read(file).matchAll(/dist\/[\w/.@-]+\.js/g)) {
        expect(BUILD_OUTPUTS, `${file} runs ${path}`).toContain(path);
      }
    }
    for (const path of BUILD_OUTPUTS) expect(built, `${path} is not built`).toContain(path);
  });

  it('gives each process its role, a graceful stop and DATA_DIR as the one writable path', () => {
    const dataDir = assignments(read('deploy/griddesk.env.example')).find((a) => a.name === 'DATA_DIR')!.value;
    const roles: Record<string, string> = {
      'griddesk-api.service': 'api',
      'griddesk-engine@.service': 'engine',
      'griddesk-chain.service': 'chain',
    };
    for (const [unit, role] of Object.entries(roles)) {
      const text = read(`deploy/systemd/${unit}`);
      expect(text, unit).toMatch(new RegExp(`^ExecStart=/usr/bin/env ROLES=${role} .*/usr/bin/node dist/server/main\\.js$`, 'm'));
      for (const line of [
        'KillSignal=SIGTERM',
        'TimeoutStopSec=30',
        'Restart=on-failure',
        'NoNewPrivileges=yes',
        'ProtectSystem=strict',
        'PrivateTmp=yes',
        `ReadWritePaths=${dataDir}`,
        'EnvironmentFile=/etc/griddesk/griddesk.env',
        'WorkingDirectory=/opt/griddesk',
        'User=griddesk',
      ]) {
        expect(text.split('\n'), `${unit}: ${line}`).toContain(line);
      }
      expect(text.includes('chain.env'), `${unit} and chain.env`).toBe(role === 'chain');
    }
    expect(read('deploy/Dockerfile')).toContain(`DATA_DIR=${dataDir}`);
  });

  it('migrate once: listing what is pending never fails the unit (--status exits 3 then), applying does', () => {
    const lines = read('deploy/systemd/griddesk-migrate.service').split('\n');
    expect(lines).toContain('ExecStartPre=-/usr/bin/node dist/server/cli/migrate.js --status');
    expect(lines).toContain('ExecStart=/usr/bin/node dist/server/cli/migrate.js');
  });
});

/** The event-stream routes, from the code: the routes under routes/api that open one (registered under /api). */
function eventStreamPaths(): string[] {
  const files = sources('server/http/routes').filter((f) => read(f).includes('openEventStream('));
  return files.flatMap((f) => {
    expect(relative('server/http/routes', f).startsWith('api/'), `${f} is not under /api`).toBe(true);
    return [...read(f).matchAll(/app\.get(?:<[^>]*>)?\(\s*'([^']+)'/g)].map((m) => `/api${m[1]!}`);
  });
}

/** The text between the brace after `from` and its match. */
function blockAfter(text: string, from: number): string {
  const open = text.indexOf('{', from);
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    if (text[i] === '}' && (depth -= 1) === 0) return text.slice(open + 1, i);
  }
  throw new Error('unbalanced braces');
}

describe('the reverse proxies', () => {
  const streams = eventStreamPaths();
  const PRIVATE = ['/metrics', '/docs', '/docs/json', '/docs/static/index.html'];

  it('find the event streams in the code', () => {
    expect(streams).toEqual(expect.arrayContaining(['/api/events', '/api/tickers/stream']));
  });

  it('nginx: denies /metrics and /docs, and passes the event streams unbuffered, uncompressed, with long reads', () => {
    const conf = read('deploy/nginx/griddesk.conf');
    const locations = [...conf.matchAll(/location ~ (\S+) \{/g)].map((m) => ({
      pattern: new RegExp(m[1]!),
      body: blockAfter(conf, m.index),
    }));
    const first = (path: string) => locations.find((l) => l.pattern.test(path));
    for (const path of PRIVATE) {
      expect(first(path)?.body, path).toMatch(/deny all;/);
      expect(first(path)?.body, path).not.toMatch(/proxy_pass/);
    }
    for (const path of streams) {
      const body = first(path)?.body ?? '';
      for (const line of ['proxy_buffering off;', 'gzip off;', 'proxy_read_timeout 1h;', 'proxy_pass http://griddesk_api;'])
        expect(body, `${path}: ${line}`).toContain(line);
    }
    expect(first('/api/login')).toBeUndefined();
    expect(conf).toMatch(/client_max_body_size \d+m;/);
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(conf).toContain('proxy_set_header X-Forwarded-Proto $scheme;');
  });

  it('Caddy: answers /metrics and /docs itself, and flushes the event streams at once without compressing them', () => {
    const caddy = read('deploy/Caddyfile');
    const matcher = (name: string) =>
      (/@(\w+) path (.+)\n/.exec(caddy.slice(caddy.indexOf(`@${name} path`)))?.[2] ?? '').split(/\s+/);
    const handle = (name: string) => blockAfter(caddy, caddy.indexOf(`handle @${name} {`));
    for (const path of ['/metrics', '/metrics/*', '/docs', '/docs/*']) expect(matcher('private')).toContain(path);
    expect(handle('private')).toMatch(/respond .* 404/);
    expect(handle('private')).not.toContain('reverse_proxy');
    expect(matcher('events')).toEqual(expect.arrayContaining(streams));
    expect(handle('events')).toContain('flush_interval -1');
    expect(handle('events')).not.toContain('encode');
  });

  it('send one HSTS header, the same from either proxy, and the app none (the proxies terminate TLS)', () => {
    const conf = read('deploy/nginx/griddesk.conf');
    const caddy = read('deploy/Caddyfile');
    expect(securityHeaders(APP_HELMET_OPTIONS)).not.toHaveProperty('strict-transport-security');
    const nginxHsts = [...conf.matchAll(/^\s*add_header Strict-Transport-Security "([^"]+)" always;$/gm)].map((m) => m[1]);
    expect(nginxHsts).toHaveLength(1);
    expect(conf.match(/Strict-Transport-Security/g)).toHaveLength(2); // the add_header, and the upstream's copy hidden:
    expect(conf).toMatch(/^\s*proxy_hide_header Strict-Transport-Security;$/m);
    // nginx drops a server's add_header in a location that has one of its own.
    for (const m of conf.matchAll(/location [^{]+\{/g)) expect(blockAfter(conf, m.index), m[0]).not.toContain('add_header');
    // Caddy: set (not added) once the upstream's headers are in, so it replaces any copy of theirs.
    const caddyHsts = [...caddy.matchAll(/^\s*>Strict-Transport-Security "([^"]+)"$/gm)].map((m) => m[1]);
    expect(caddyHsts).toEqual(nginxHsts);
    expect(caddy.match(/Strict-Transport-Security/g)).toHaveLength(1);
  });

  it('name no version: nginx answers with server_tokens off in every server', () => {
    const conf = read('deploy/nginx/griddesk.conf');
    const servers = [...conf.matchAll(/^server \{/gm)].map((m) => blockAfter(conf, m.index));
    expect(servers.length).toBeGreaterThanOrEqual(2);
    for (const server of servers) expect(server).toMatch(/^\s*server_tokens off;$/m);
  });

  it('pass /readyz and /healthz on with the forwarded client, so the app answers them the bare status', () => {
    const conf = read('deploy/nginx/griddesk.conf');
    const locations = [...conf.matchAll(/location ~ (\S+) \{/g)].map((m) => new RegExp(m[1]!));
    for (const path of ['/readyz', '/healthz'])
      expect(
        locations.some((pattern) => pattern.test(path)),
        path,
      ).toBe(false);
    // Inherited by `location /` (which sets none of its own); Caddy always adds X-Forwarded-For.
    expect(blockAfter(conf, conf.indexOf('location / {'))).not.toContain('proxy_set_header');
    expect(conf).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(read('deploy/Caddyfile')).not.toMatch(/header_up\s+-X-Forwarded-For/i);
  });
});
