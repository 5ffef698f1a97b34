import { useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../common/routes';

/** Where to go after signing in: the `redirect` query (kept through signup and OTP) or /dashboard. */
export function useRedirectTarget() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  return {
    target: safeRedirect(redirect),
    /** The query to carry to the next public screen so the target survives signup -> OTP. */
    carry: redirect ? `?redirect=${encodeURIComponent(redirect)}` : '',
  };
}
