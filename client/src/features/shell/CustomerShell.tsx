import { Navigate } from 'react-router';
import { useSession } from '../../session/SessionProvider.tsx';
import { ADMIN_HOME } from '../../routes/guards.ts';
import { AppShell } from './AppShell.tsx';
import { PlanBadge, PlanCard } from './CustomerPlan.tsx';
import { CUSTOMER_MENU } from './menu.ts';

/** The signed-in customer's frame: the shared shell with the customer menu, plan badge and plan card (with the free trial). */
export function Component() {
  const { user } = useSession();
  // The session's user, checked with the server at start, may turn out to be an admin.
  if (user?.role === 'ADMIN') return <Navigate to={ADMIN_HOME} replace />;
  return <AppShell menu={CUSTOMER_MENU} headerExtras={<PlanBadge />} SidebarExtras={PlanCard} />;
}
