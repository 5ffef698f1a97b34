/** Route guards: signed-in pages need a session, sign-in pages are pointless with one. */
import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { ROUTES, safeRedirect } from '../../common/routes';
import { useSession } from './session';

export function FullPageSpin() {
  return (
    <div className="full-page-spin">
      <Spin size="large" />
    </div>
  );
}

export function RequireSession({ children }: { children: ReactNode }) {
  const { session, loading } = useSession();
  const location = useLocation();
  if (loading) return <FullPageSpin />;
  if (!session?.signedIn) {
    if (session?.ended) return <Navigate to={ROUTES.login} replace />;
    const target = `${location.pathname}${location.search}`;
    return <Navigate to={`${ROUTES.login}?redirect=${encodeURIComponent(target)}`} replace />;
  }
  return children;
}

/** Login, signup and OTP: a signed-in member goes on to the redirect target or the dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { session, loading } = useSession();
  const [params] = useSearchParams();
  if (loading) return <FullPageSpin />;
  if (session?.signedIn) return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
  return children;
}
