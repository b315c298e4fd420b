import { lazy, Suspense, useEffect } from 'react';
import { loadQuery } from 'react-relay';
import { Navigate, redirect, useLoaderData, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { landingAfterSignIn } from '../../session/planChoice.ts';
import { homeOf, useSession } from '../../session/SessionProvider.tsx';
import { tokenStore, type CurrentUser } from '../../session/tokenStore.ts';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import type { PricingSectionQuery } from './__generated__/PricingSectionQuery.graphql.ts';
import { LandingPage } from './LandingPage.tsx';
import { pricingQuery, type PricingQueryRef } from './PricingSection.tsx';

/** Where `/` sends a signed-in user: a customer who picks a plan on the landing goes where plans are bought. */
const signedInDestination = (user: CurrentUser, params: URLSearchParams) =>
  params.get('plan') && user.role !== 'ADMIN' ? '/billing' : homeOf(user);

/**
 * The plans on sale: the landing's pricing and the sign-up's trial both name them. A user signed in
 * in this browser is sent on before they are asked for, since nothing here will show them (a Google
 * sign-in's end, `?auth=google`, replaces whoever was signed in, so it stays).
 */
export function loader({ request }: Pick<LoaderFunctionArgs, 'request'>): PricingQueryRef {
  const params = new URL(request.url).searchParams;
  const user = tokenStore.accessToken() ? tokenStore.currentUser() : null;
  if (user && params.get('auth') !== 'google') throw redirect(signedInDestination(user, params));
  return loadQuery<PricingSectionQuery>(relayEnvironment(), pricingQuery, {}, { fetchPolicy: 'store-and-network' });
}

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
  // Signed in on this page, with the form or Google: the loader ran before.
  if (user) return <Navigate to={signedInDestination(user, params)} replace />;
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
