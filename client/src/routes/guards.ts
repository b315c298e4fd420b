import { redirect, type LoaderFunctionArgs } from 'react-router';
import { tokenStore } from '../session/tokenStore.ts';

export const ADMIN_HOME = '/admin/overview';
export const CUSTOMER_HOME = '/dashboard';

const isAdmin = () => tokenStore.currentUser()?.role === 'ADMIN';

/** Loader guard of the customer shell: signed-out visitors go to /, admins to their own pages. */
export function requireCustomer(): void {
  if (!tokenStore.accessToken()) throw redirect('/');
  if (isAdmin()) throw redirect(ADMIN_HOME);
}

/** Loader guard of the admin shell: signed-out visitors go to /, everyone but an admin to the dashboard. */
export function requireAdmin(): void {
  if (!tokenStore.accessToken()) throw redirect('/');
  if (!isAdmin()) throw redirect(CUSTOMER_HOME);
}

/**
 * Loader of any path no route claims: a signed-in user falls back to their home (an admin to the
 * admin overview, anyone else to the dashboard); a visitor who is not signed in gets the 404 page.
 * A home that is itself unclaimed also shows the 404 page, rather than redirecting forever.
 */
export function fallBackHome({ request }: LoaderFunctionArgs): null {
  if (!tokenStore.accessToken()) return null;
  const home = isAdmin() ? ADMIN_HOME : CUSTOMER_HOME;
  if (new URL(request.url).pathname !== home) throw redirect(home);
  return null;
}
