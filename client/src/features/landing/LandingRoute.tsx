import { lazy, Suspense, useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { landingAfterSignIn } from '../../session/planChoice.ts';
import { homeOf, useSession } from '../../session/SessionProvider.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { LandingPage } from './LandingPage.tsx';

// Most visitors read the landing page without signing in: the forms load when asked for.
const AuthView = lazy(() => import('../auth/AuthView.tsx').then(({ AuthView }) => ({ default: AuthView })));

function tokensFromAddress(params: URLSearchParams) {
  const accessToken = params.get('token');
  const refreshToken = params.get('refresh');
  const userId = params.get('user_id');
  return accessToken && refreshToken && userId ? { accessToken, refreshToken, userId } : null;
}

/** Signs in with the tokens a Google sign-in put in the address, then leaves for the dashboard. */
function TokenLogin({ tokens }: { tokens: NonNullable<ReturnType<typeof tokensFromAddress>> }) {
  const { signInWithTokens } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    void signInWithTokens(tokens).then((user) =>
      navigate(user ? landingAfterSignIn(homeOf(user), user.role !== 'ADMIN') : '/', { replace: true }),
    );
  }, [tokens.accessToken]); // eslint-disable-line react-hooks/exhaustive-deps -- once per token
  return <PageSpinner />;
}

/**
 * `/`: the landing page, the auth view (`?auth=signin|signup`, with the `&plan=` picked on the landing
 * for the free trial, or a Google sign-in's `?auth_error=`), or the signed-in user's home.
 */
export function Component() {
  const [params] = useSearchParams();
  const { user, checking } = useSession();
  const tokens = tokensFromAddress(params);
  if (tokens) return <TokenLogin tokens={tokens} />;
  if (checking) return <PageSpinner />;
  if (user) return <Navigate to={homeOf(user)} replace />;
  const auth = params.get('auth');
  const authError = params.get('auth_error');
  if (auth === 'signin' || auth === 'signup' || authError) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AuthView mode={auth === 'signup' ? 'signup' : 'signin'} authError={authError} plan={params.get('plan')} />
      </Suspense>
    );
  }
  return <LandingPage />;
}
