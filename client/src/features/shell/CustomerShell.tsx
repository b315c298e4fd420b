import { Suspense, useMemo, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, useSubscription, type PreloadedQuery } from 'react-relay';
import { Navigate, useLoaderData } from 'react-router';
import type { GraphQLSubscriptionConfig } from 'relay-runtime';
import { useSession } from '../../session/SessionProvider.tsx';
import { ADMIN_HOME } from '../../routes/guards.ts';
import { ErrorBoundary } from '../../ui/ErrorBoundary.tsx';
import { INBOX_PATH } from '../inbox/inboxPath.ts';
import type { CustomerShellInboxSubscription } from './__generated__/CustomerShellInboxSubscription.graphql.ts';
import type { CustomerShellQuery } from './__generated__/CustomerShellQuery.graphql.ts';
import { AppShell } from './AppShell.tsx';
import { PlanBadge, PlanCard } from './CustomerPlan.tsx';
import { customerShellQuery } from './CustomerShellQuery.ts';
import { InboxMenuBadge } from './InboxMenuBadge.tsx';
import { CUSTOMER_MENU } from './menu.ts';
import { useWaitingNotifications } from './waitingNotifications.ts';

/** Every change of the inbox, for the menu's waiting count (the viewer's, updated by id) and the browser's notifications. */
const inboxChanges = graphql`
  subscription CustomerShellInboxSubscription {
    inboxChanged {
      conversation {
        id
        status
        lastMessage
        bot {
          id
          name
        }
      }
      viewer {
        ...InboxMenuBadgeFragment
      }
    }
  }
`;

/** Listens to the inbox while the shell shows, on every screen. */
function InboxWatch() {
  const notify = useWaitingNotifications();
  const config = useMemo<GraphQLSubscriptionConfig<CustomerShellInboxSubscription>>(
    () => ({
      subscription: inboxChanges,
      variables: {},
      onNext: (response) => {
        const conversation = response?.inboxChanged.conversation;
        if (conversation) notify({ ...conversation, lastMessage: conversation.lastMessage ?? null, botName: conversation.bot.name });
      },
    }),
    [notify],
  );
  useSubscription<CustomerShellInboxSubscription>(config);
  return null;
}

function WaitingCount({ queryRef }: { queryRef: PreloadedQuery<CustomerShellQuery> }) {
  const { viewer } = usePreloadedQuery<CustomerShellQuery>(customerShellQuery, queryRef);
  return viewer ? <InboxMenuBadge viewer={viewer} /> : null;
}

/** A menu badge that never holds the frame up nor breaks it: it shows once its count has come. */
const quietly = (badge: ReactNode) => (
  <ErrorBoundary fallback={() => null}>
    <Suspense>{badge}</Suspense>
  </ErrorBoundary>
);

/** The signed-in customer's frame: the shared shell with the customer menu (the inbox's waiting count), plan badge and plan card (with the free trial). */
export function Component() {
  const { user } = useSession();
  const queryRef = useLoaderData() as PreloadedQuery<CustomerShellQuery>;
  // The session's user, checked with the server at start, may turn out to be an admin.
  if (user?.role === 'ADMIN') return <Navigate to={ADMIN_HOME} replace />;
  return (
    <>
      {user && <InboxWatch />}
      <AppShell
        menu={CUSTOMER_MENU}
        menuBadges={{ [INBOX_PATH]: quietly(<WaitingCount queryRef={queryRef} />) }}
        headerExtras={<PlanBadge />}
        SidebarExtras={PlanCard}
      />
    </>
  );
}
