import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { SessionExpired } from '../shell/SessionExpired.tsx';
import type { LogsRouteQuery } from './__generated__/LogsRouteQuery.graphql.ts';
import { ChatLogList } from './ChatLogList.tsx';

export const logsQuery = graphql`
  query LogsRouteQuery {
    viewer {
      ...ChatLogListFragment
      ...ChatLogFiltersFragment
    }
  }
`;

export const loader = () => loadQuery<LogsRouteQuery>(relayEnvironment(), logsQuery, {}, { fetchPolicy: 'store-and-network' });

export function LogsScreen({ queryRef }: { queryRef: PreloadedQuery<LogsRouteQuery> }) {
  const { t } = useTranslation();
  const { viewer } = usePreloadedQuery<LogsRouteQuery>(logsQuery, queryRef);
  if (!viewer) return <SessionExpired />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('logs.title')}
      </Heading>
      <ChatLogList viewer={viewer} botChoices={viewer} />
    </Stack>
  );
}

export function Component() {
  return <LogsScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
