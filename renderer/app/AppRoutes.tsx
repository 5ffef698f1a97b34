/** The 23 routes of SPEC section 2 and Settings (paths from common/routes, case included). */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES, SIGNED_IN_ROUTES } from '../../common/routes';
import LoginPage from '../pages/login/LoginPage';
import { FullPageSpin, PublicOnly, RequireSession } from './guards';
import { SessionEvents } from './session';
import { SIGNED_IN_PAGES } from './signedInPages';

// Login is the landing page and stays in the entry chunk; everything else loads on demand.
const SignupPage = lazy(() => import('../pages/signup/SignupPage'));
const VerifyOtpPage = lazy(() => import('../pages/verify-otp/VerifyOtpPage'));
const ForgotPasswordPage = lazy(() => import('../pages/forgot-password/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password/ResetPasswordPage'));
const ThankYouPage = lazy(() => import('../pages/thank-you/ThankYouPage'));
const SignedInLayout = lazy(() => import('./layout/SignedInLayout'));

export function AppRoutes() {
  return (
    <>
      <SessionEvents />
      <Suspense fallback={<FullPageSpin />}>
        <Routes>
          <Route
            path={ROUTES.login}
            element={
              <PublicOnly>
                <LoginPage />
              </PublicOnly>
            }
          />
          <Route
            path={ROUTES.signup}
            element={
              <PublicOnly>
                <SignupPage />
              </PublicOnly>
            }
          />
          <Route
            path={ROUTES.verifyOtp}
            element={
              <PublicOnly>
                <VerifyOtpPage />
              </PublicOnly>
            }
          />
          <Route
            path={ROUTES.forgotPassword}
            element={
              <PublicOnly>
                <ForgotPasswordPage />
              </PublicOnly>
            }
          />
          {/* Reset links and the thank-you note work whether or not someone is signed in. */}
          <Route path={ROUTES.resetPassword} element={<ResetPasswordPage />} />
          <Route path={ROUTES.thankYou} element={<ThankYouPage />} />
          <Route
            element={
              <RequireSession>
                <SignedInLayout />
              </RequireSession>
            }
          >
            {SIGNED_IN_ROUTES.map((name) => {
              const Page = SIGNED_IN_PAGES[name];
              return <Route key={name} path={ROUTES[name]} element={<Page />} />;
            })}
          </Route>
          <Route path="*" element={<Navigate to={ROUTES.login} replace />} />
        </Routes>
      </Suspense>
    </>
  );
}
