import { Box, Card, Center, Grid, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import type { IEnvironment } from 'relay-runtime';
import { redirect, useLoaderData, useOutlet, useParams, type LoaderFunctionArgs } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { SessionExpired } from '../shell/SessionExpired.tsx';
import type { InboxRouteQuery } from './__generated__/InboxRouteQuery.graphql.ts';
import { InboxList } from './InboxList.tsx';
import { emailedConversationPath } from './inboxPath.ts';

export const inboxQuery = graphql`
  query InboxRouteQuery {
    viewer {
      ...InboxListFragment
      ...InboxFiltersFragment
    }
  }
`;

/**
 * Opening another conversation keeps this route's match (its path is still /inbox): the list is not
 * loaded again. An email's link (`/inbox?conversation=<database id>`) moves to the conversation's place.
 */
export function loadInboxQuery(environment: IEnvironment, { request }: Pick<LoaderFunctionArgs, 'request'>) {
  const emailed = emailedConversationPath(new URL(request.url));
  if (emailed) throw redirect(emailed);
  return loadQuery<InboxRouteQuery>(environment, inboxQuery, {}, { fetchPolicy: 'store-and-network' });
}

export const loader = (args: LoaderFunctionArgs) => loadInboxQuery(relayEnvironment(), args);

/**
 * The inbox: the conversations beside the one opened (the child route). On a phone, one at a
 * time: the list, or the conversation with its way back.
 */
export function InboxScreen({ queryRef }: { queryRef: PreloadedQuery<InboxRouteQuery> }) {
  const { t } = useTranslation();
  const { viewer } = usePreloadedQuery<InboxRouteQuery>(inboxQuery, queryRef);
  const { conversationId = null } = useParams();
  const conversation = useOutlet();
  if (!viewer) return <SessionExpired />;
  const opened = conversationId !== null;
  return (
    <Stack gap="6">
      <PageHeader
        title={t('inbox.title')}
        // A phone shows the conversation alone: the words about the list would only push it down.
        subtitle={
          <Box as="span" display={{ base: opened ? 'none' : 'inline', lg: 'inline' }}>
            {t('inbox.intro')}
          </Box>
        }
      />
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(18rem, 24rem) minmax(0, 1fr)' }} gap="6" alignItems="start">
        <Box display={{ base: opened ? 'none' : 'block', lg: 'block' }}>
          <InboxList viewer={viewer} botChoices={viewer} openId={conversationId} />
        </Box>
        <Box display={{ base: opened ? 'block' : 'none', lg: 'block' }}>
          {conversation ? (
            <Suspense fallback={<PageSpinner />}>{conversation}</Suspense>
          ) : (
            <Card.Root variant="subtle">
              <Card.Body>
                <Center paddingY="16">
                  <Text color="fg.muted">{t('inbox.pick')}</Text>
                </Center>
              </Card.Body>
            </Card.Root>
          )}
        </Box>
      </Grid>
    </Stack>
  );
}

export function Component() {
  return <InboxScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
