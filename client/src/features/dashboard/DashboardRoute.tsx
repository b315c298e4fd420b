import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { SessionExpired } from '../shell/SessionExpired.tsx';
import type { DashboardRouteQuery } from './__generated__/DashboardRouteQuery.graphql.ts';
import { AnswerQualityCards } from './AnswerQualityCards.tsx';
import { DashboardStats } from './DashboardStats.tsx';
import { FirstBotCard } from './FirstBotCard.tsx';
import { RecentActivity } from './RecentActivity.tsx';
import { TopBots } from './TopBots.tsx';

export const dashboardQuery = graphql`
  query DashboardRouteQuery {
    viewer {
      ...FirstBotCardFragment
      ...AnswerQualityCardsFragment
      dashboard {
        ...DashboardStatsFragment
        ...RecentActivityFragment
        ...TopBotsFragment
      }
    }
  }
`;

export const loader = () => loadQuery<DashboardRouteQuery>(relayEnvironment(), dashboardQuery, {}, { fetchPolicy: 'store-and-network' });

export function DashboardScreen({ queryRef }: { queryRef: PreloadedQuery<DashboardRouteQuery> }) {
  const { t } = useTranslation();
  const { viewer } = usePreloadedQuery<DashboardRouteQuery>(dashboardQuery, queryRef);
  if (!viewer) return <SessionExpired />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('dashboard.title')}
      </Heading>
      <FirstBotCard viewer={viewer} />
      <DashboardStats dashboard={viewer.dashboard} />
      <AnswerQualityCards viewer={viewer} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <RecentActivity dashboard={viewer.dashboard} />
        <TopBots dashboard={viewer.dashboard} />
      </SimpleGrid>
    </Stack>
  );
}

export function Component() {
  return <DashboardScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
