import { redirect } from 'react-router';
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
