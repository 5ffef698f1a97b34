import { render } from '@testing-library/react';
import { App } from '../app/App';
import { createQueryClient } from '../app/Providers';

/** Renders the whole app (router, guards, providers) at a hash route, as the member sees it. */
export function renderApp(path: string) {
  window.location.hash = `#${path}`;
  const client = createQueryClient();
  return { client, ...render(<App client={client} />) };
}

export function currentPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}
