import { lazy, Suspense, useEffect } from 'react';
import { loadQuery } from 'react-relay';
import { Navigate, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { landingAfterSignIn } from '../../session/planChoice.ts';
import { homeOf, useSession } from '../../session/SessionProvider.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { PricingSectionQuery } from './__generated__/PricingSectionQuery.graphql.ts';
import { LandingPage } from './LandingPage.tsx';
import { pricingQuery, type PricingQueryRef } from './PricingSection.tsx';

/** The plans on sale: the landing's pricing and the sign-up's trial both name them. */
export const loader = (): PricingQueryRef =>
  loadQuery<PricingSectionQuery>(relayEnvironment(), pricingQuery, {}, { fetchPolicy: 'store-and-network' });

// Most visitors read the landing page without signing in: the forms load when asked for.
const AuthView = lazy(() => import('../auth/AuthView.tsx').then(({ AuthView }) => ({ default: AuthView })));

/**
 * Finishes a Google sign-in (`/?auth=google`): redeems the code the server's callback left in a cookie,
 * then replaces this entry of history with the user's home, or with the sign-in form and the reason.
 */
function GoogleSignInLanding() {
  const { signInWithGoogle } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    signInWithGoogle().then(
      (user) => navigate(landingAfterSignIn(homeOf(user), user.role !== 'ADMIN'), { replace: true }),
      (error: unknown) =>
        navigate(`/?${new URLSearchParams({ auth_error: error instanceof Error ? error.message : String(error) })}`, { replace: true }),
    );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- a code is redeemed once
  return <PageSpinner />;
}

/**
 * `/`: the landing page, the auth view (`?auth=signin|signup`, with the `&plan=` picked on the landing
 * for the free trial, or a Google sign-in's `?auth_error=`), a Google sign-in's end (`?auth=google`),
 * or the signed-in user's home.
 */
export function Component() {
  const [params] = useSearchParams();
  const plans = useLoaderData() as PricingQueryRef;
  const { user, checking } = useSession();
  const auth = params.get('auth');
  if (auth === 'google') return <GoogleSignInLanding />;
  if (checking) return <PageSpinner />;
  // A customer already signed in who picks a plan on the landing goes where plans are bought.
  if (user) return <Navigate to={params.get('plan') && user.role !== 'ADMIN' ? '/billing' : homeOf(user)} replace />;
  const authError = params.get('auth_error');
  if (auth === 'signin' || auth === 'signup' || authError) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <AuthView mode={auth === 'signup' ? 'signup' : 'signin'} authError={authError} plan={params.get('plan')} plans={plans} />
      </Suspense>
    );
  }
  return <LandingPage plans={plans} />;
}
