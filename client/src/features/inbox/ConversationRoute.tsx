import { Card, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import type { ConversationRouteQuery } from './__generated__/ConversationRouteQuery.graphql.ts';
import { BackToInbox, ConversationPanel } from './ConversationPanel.tsx';

export const conversationQuery = graphql`
  query ConversationRouteQuery($id: ID!) {
    node(id: $id) {
      ...ConversationPanelFragment @alias
    }
  }
`;

export const loader = ({ params }: LoaderFunctionArgs) =>
  loadQuery<ConversationRouteQuery>(
    relayEnvironment(),
    conversationQuery,
    { id: params.conversationId! },
    { fetchPolicy: 'store-and-network' },
  );

/** One conversation of the inbox, or why it cannot be shown (someone else's reads as missing). */
export function ConversationScreen({ queryRef }: { queryRef: PreloadedQuery<ConversationRouteQuery> }) {
  const { t } = useTranslation();
  const { node } = usePreloadedQuery<ConversationRouteQuery>(conversationQuery, queryRef);
  if (!node?.ConversationPanelFragment) {
    return (
      <Card.Root>
        <Card.Body gap="4">
          <BackToInbox />
          <Text>{t('inbox.missing')}</Text>
        </Card.Body>
      </Card.Root>
    );
  }
  return <ConversationPanel conversation={node.ConversationPanelFragment} />;
}

export function Component() {
  return <ConversationScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
