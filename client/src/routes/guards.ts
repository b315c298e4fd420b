import { redirect } from 'react-router';
import { tokenStore } from '../session/tokenStore.ts';

const ADMIN_HOME = '/admin/overview';

/** Loader guard of the customer shell: signed-out visitors go to /, admins to their own pages. */
export function requireCustomer(): void {
  if (!tokenStore.accessToken()) throw redirect('/');
  if (tokenStore.currentUser()?.role === 'ADMIN') throw redirect(ADMIN_HOME);
}
