import type { QueryClient } from '@tanstack/react-query';
import { HashRouter } from 'react-router-dom';
import { AppRoutes } from './AppRoutes';
import { Providers } from './Providers';

/** HashRouter because Electron loads the app from app:// files, where only the hash is ours. */
export function App({ client }: { client?: QueryClient }) {
  return (
    <Providers client={client}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </Providers>
  );
}
