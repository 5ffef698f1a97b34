/** Debian's Chromium driven by playwright-core (no browser download is possible here). */
import { chromium, type Browser, type BrowserServer, type LaunchOptions } from 'playwright-core';
import { existsSync } from 'node:fs';
import { inject } from 'vitest';

export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('Chromium not found: install it (apt-get install chromium) or set CHROMIUM_PATH');
  return found;
}

function launchOptions(): LaunchOptions {
  return {
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/** The run's one Chromium (global-setup.ts): files connect to it and each opens its own context. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer(launchOptions());
}

/**
 * The run's shared Chromium when global-setup.ts started one (a connection is cheap; a launch
 * costs seconds on a loaded machine), else a Chromium of this file's own. Closing the returned
 * Browser closes only this connection and its contexts.
 */
export function openChromium(): Promise<Browser> {
  const endpoint = inject('chromiumWsEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(launchOptions());
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's shared Chromium listens (empty: none; each file launches its own). */
    chromiumWsEndpoint: string;
  }
}
