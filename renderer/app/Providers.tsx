/** Data, theme and message context shared by every screen. */
import { MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../api/bridge';
import { FeedbackProvider } from './feedback';
import { ThemeProvider } from './theme';

export function createQueryClient() {
  return new QueryClient({
    // A refused change shows the member SPEC's message, which does not say why; the reason goes
    // to the console, where a support engineer (devtools) and an e2e failure report read it.
    mutationCache: new MutationCache({ onError: (error) => console.warn(`A change failed: ${describeFailure(error)}`) }),
    defaultOptions: {
      // Main already retries what is worth retrying; a second layer here would only delay errors.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

function describeFailure(error: unknown): string {
  if (isApiError(error)) return `${error.status} ${error.reason}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <FeedbackProvider>{children}</FeedbackProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
