/** Route guards: signed-in pages need a session, sign-in pages are pointless with one. */
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { ROUTES, safeRedirect } from '../../common/routes';
import { useSession } from './session';

// antd's Spin loads on its own: the first screen's session check takes milliseconds, over before
// a spinner would be worth showing, and the login route is about 3 KB of gzipped JavaScript
// lighter without it. Signed-in screens load it anyway, so their waits show it at once.
const Spin = lazy(() => import('antd/es/spin'));

/** The wait for a screen's code or the session: antd's large spinner in the middle of the page. */
export function FullPageSpin() {
  return (
    <div className="full-page-spin">
      <Suspense fallback={null}>
        <Spin size="large" />
      </Suspense>
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
