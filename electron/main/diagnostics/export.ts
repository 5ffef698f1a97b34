/**
 * The diagnostics zip support staff ask a member for (Help -> Export diagnostics): recent logs,
 * versions, settings and the server's health, every secret redacted. Plain Node: the Electron
 * side only picks the file name and gathers the versions.
 */
import { createZip, type ZipEntry } from './zip';
import { environmentSummary, recentLogs, safeSettings, serverHealth, type LogDir } from './collect';

/** The variables worth knowing about (README's configuration table); secret ones show as [REDACTED]. */
export const ENVIRONMENT_NAMES = [
  'GRIDDESK_SERVER_URL',
  'UPDATE_FEED_URL',
  'EXCHANGE',
  'DATABASE_URL',
  'DATA_DIR',
  'LOG_LEVEL',
  'SMTP_URL',
  'MAIL_FROM',
  'SERVER_PUBLIC_IP',
  'BSC_RPC_URL',
  'CHAIN_CONFIRMATIONS',
  'FUTURES_ENABLED',
  'DEMO_TRADING',
  'SIM_URL',
  'SIM_SEED',
  'JWT_SECRET',
  'SECRETS_KEY',
  'DEPOSIT_MNEMONIC',
  'DEPOSIT_XPUB',
  'HOT_WALLET_PRIVATE_KEY',
  'HOT_WALLET_ADDRESS',
  'METRICS_TOKEN',
  'APPIMAGE',
  'ELECTRON_OZONE_PLATFORM_HINT',
  'XDG_CURRENT_DESKTOP',
  'XDG_SESSION_TYPE',
] as const;

export interface DiagnosticsInput {
  now: Date;
  /** App, Electron, Chromium, Node, OS... */
  versions: Record<string, string>;
  logDirs: LogDir[];
  settingsFile: string;
  serverUrl: string | null;
  env: Record<string, string | undefined>;
  fetch: typeof fetch;
  maxBytesPerLog?: number;
  maxLogAgeMs?: number;
}

function readme(input: DiagnosticsInput, logs: string[]): string {
  return [
    'GridDesk diagnostics',
    `Written ${input.now.toISOString()}`,
    '',
    'versions.json     app, Electron, Chromium, Node and operating system versions',
    'settings.json     the desktop settings (settings.json in the app data folder), secrets removed',
    "health.json       the platform server's /healthz answer",
    'environment.json  GridDesk variables set for this app, secrets shown as [REDACTED]',
    `logs/             the end of each log changed in the last 7 days (${logs.length}: ${logs.join(', ') || 'none'})`,
    '',
    'Passwords, tokens, keys, recovery phrases, e-mail addresses, Authorization headers,',
    'SECRETS_KEY and session tokens (JWT) are replaced by [REDACTED]. The database, the keychain',
    'and exchange secrets are never read.',
    '',
  ].join('\n');
}

export async function buildDiagnosticsZip(input: DiagnosticsInput): Promise<Buffer> {
  const [logs, settings, health] = await Promise.all([
    recentLogs(input.logDirs, {
      now: input.now,
      maxBytesPerFile: input.maxBytesPerLog ?? 2 * 1024 * 1024,
      maxAgeMs: input.maxLogAgeMs ?? 7 * 24 * 60 * 60 * 1000,
    }),
    safeSettings(input.settingsFile),
    serverHealth(input.serverUrl, input.fetch),
  ]);
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const entries: ZipEntry[] = [
    {
      name: 'README.txt',
      data: readme(
        input,
        logs.map((l) => `logs/${l.name}`),
      ),
    },
    { name: 'versions.json', data: json(input.versions) },
    { name: 'settings.json', data: json(settings) },
    { name: 'health.json', data: json(health) },
    { name: 'environment.json', data: json(environmentSummary(input.env, ENVIRONMENT_NAMES)) },
    ...logs.map((log) => ({
      name: `logs/${log.name}`,
      data: log.truncated ? `[earlier lines left out]\n${log.text}` : log.text,
    })),
  ];
  return createZip(entries, input.now);
}

/** GridDesk-diagnostics-2026-11-27-0844.zip (local time, as the member reads it). */
export function diagnosticsFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `GridDesk-diagnostics-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}.zip`;
}
