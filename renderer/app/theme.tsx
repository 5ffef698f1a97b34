/**
 * Light/dark theme kept in main's settings. SPEC polls the setting every second, so a change
 * made elsewhere (another window, the tray) shows up here without a push event.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { THEME_POLL_MS } from '../../common/constants';
import type { DesktopSettings, Theme } from '../../common/ipc/contract';
import { api } from '../api/client';
import { antdThemeConfig } from './themeConfig';

const SETTINGS_KEY = ['settings'] as const;

interface ThemeState {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeState>({ theme: 'light', setTheme: () => undefined });

export function useTheme(): ThemeState {
  return use(ThemeContext);
}

export { BRAND_COLOR } from './themeConfig';

export function ThemeProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => api.settings.get(),
    refetchInterval: THEME_POLL_MS,
    retry: false,
  });
  const mutation = useMutation({
    mutationFn: (theme: Theme) => api.settings.setTheme({ theme }),
    onMutate: (theme) => {
      // Switch at once; the next poll confirms what main stored.
      const previous = queryClient.getQueryData<DesktopSettings>(SETTINGS_KEY);
      queryClient.setQueryData<DesktopSettings>(SETTINGS_KEY, { ...previous, theme });
    },
    onSuccess: (stored) => queryClient.setQueryData(SETTINGS_KEY, stored),
  });
  const current: Theme = settings.data?.theme === 'dark' ? 'dark' : 'light';
  const { mutate } = mutation;
  useEffect(() => {
    // Lets plain CSS (scrollbars, the page behind antd's layout) follow the theme too.
    document.documentElement.dataset.theme = current;
  }, [current]);
  const state = useMemo<ThemeState>(() => ({ theme: current, setTheme: mutate }), [current, mutate]);
  const config = useMemo(() => antdThemeConfig(current), [current]);
  return (
    <ThemeContext value={state}>
      <ConfigProvider theme={config}>{children}</ConfigProvider>
    </ThemeContext>
  );
}
