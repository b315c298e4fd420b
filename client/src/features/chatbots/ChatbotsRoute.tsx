import { Flex, Heading, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { SessionExpired } from '../shell/SessionExpired.tsx';
import type { ChatbotsRouteQuery } from './__generated__/ChatbotsRouteQuery.graphql.ts';
import { BotAllowanceProvider } from './BotAllowance.tsx';
import { BotLimitBadge } from './BotLimitBadge.tsx';
import { ChatbotList } from './ChatbotList.tsx';

export const chatbotsQuery = graphql`
  query ChatbotsRouteQuery {
    viewer {
      ...BotAllowanceProviderFragment
      ...ChatbotListFragment
    }
  }
`;

export const loader = () => loadQuery<ChatbotsRouteQuery>(relayEnvironment(), chatbotsQuery, {}, { fetchPolicy: 'store-and-network' });

export function ChatbotsScreen({ queryRef }: { queryRef: PreloadedQuery<ChatbotsRouteQuery> }) {
  const { t } = useTranslation();
  const { viewer } = usePreloadedQuery<ChatbotsRouteQuery>(chatbotsQuery, queryRef);
  if (!viewer) return <SessionExpired />;
  return (
    <BotAllowanceProvider viewer={viewer}>
      <Stack gap="6">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <HStack gap="3">
            <Heading as="h1" size="2xl">
              {t('chatbots.title')}
            </Heading>
            <BotLimitBadge />
          </HStack>
        </Flex>
        <ChatbotList viewer={viewer} />
      </Stack>
    </BotAllowanceProvider>
  );
}

export function Component() {
  return <ChatbotsScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
