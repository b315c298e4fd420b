import { Navigate } from 'react-router';
import { CUSTOMER_HOME } from '../../routes/guards.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { AppShell } from '../shell/AppShell.tsx';
import { ADMIN_MENU } from './menu.ts';

/** The admin's frame: the shared shell with the admin menu; no plan card nor badge. */
export function Component() {
  const { user } = useSession();
  // The session's user, checked with the server at start, may turn out not to be an admin.
  if (user && user.role !== 'ADMIN') return <Navigate to={CUSTOMER_HOME} replace />;
  return <AppShell menu={ADMIN_MENU} />;
}
