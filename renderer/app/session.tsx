/**
 * The member's session as the renderer knows it. Main holds the token; the renderer only learns
 * "signed in or not" (and the e-mail) from 'session:current', login and OTP verification.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionInfo } from '../../common/ipc/contract';
import { ROUTES } from '../../common/routes';
import { api } from '../api/client';

export const SESSION_KEY = ['session'] as const;

export const SIGNED_OUT: SessionInfo = { signedIn: false, email: null, userData: null };

/**
 * A session that just ended (logout, or main's 'session:expired'). The guards send the member
 * to plain login for it instead of adding a redirect query: router updates are transitions in
 * react-router 7, so the guard may render before the navigation to login lands.
 */
export type RendererSession = SessionInfo & { ended?: boolean };
const ENDED: RendererSession = { ...SIGNED_OUT, ended: true };

async function loadSession(): Promise<RendererSession> {
  try {
    return await api.session.current();
  } catch {
    // Without an answer from main there is no session we could use: start signed out.
    return SIGNED_OUT;
  }
}

export function useSession() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: SESSION_KEY, queryFn: loadSession, staleTime: Infinity });
  const setSession = useCallback(
    (session: RendererSession) => queryClient.setQueryData<RendererSession>(SESSION_KEY, session),
    [queryClient],
  );
  return { session: query.data, loading: query.isPending, setSession };
}

export function useLogout() {
  const { setSession } = useSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api.session.logout();
    } catch {
      // The member asked to leave: clear the local view of the session even if main failed.
    }
    navigate(ROUTES.login, { replace: true });
    setSession(ENDED);
  }, [navigate, setSession]);
}

/**
 * Listens to main's pushes: 'session:expired' (a 401 somewhere) sends the member to login,
 * 'app:navigate' (deep link, notification click) opens a route. Renders nothing.
 */
export function SessionEvents() {
  const { setSession } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    const bridge = window.griddesk;
    if (!bridge) return undefined;
    const offExpired = bridge.on('session:expired', () => {
      navigate(ROUTES.login, { replace: true });
      setSession(ENDED);
    });
    const offNavigate = bridge.on('app:navigate', ({ path }) => {
      if (path.startsWith('/')) navigate(path);
    });
    return () => {
      offExpired();
      offNavigate();
    };
  }, [navigate, setSession]);
  return null;
}
