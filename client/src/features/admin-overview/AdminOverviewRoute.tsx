import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { AdminPageBoundary } from '../admin-common/AdminPageBoundary.tsx';
import { AdminUnavailable } from '../admin-common/AdminUnavailable.tsx';
import type { AdminOverviewRouteQuery } from './__generated__/AdminOverviewRouteQuery.graphql.ts';
import { AdminOverviewStats } from './AdminOverviewStats.tsx';
import { AdminRecentUsers } from './AdminRecentUsers.tsx';
import { AdminTopBots } from './AdminTopBots.tsx';

export const adminOverviewQuery = graphql`
  query AdminOverviewRouteQuery {
    admin {
      __typename
      ... on Admin {
        id
        overview {
          ...AdminOverviewStatsFragment
          ...AdminRecentUsersFragment
          ...AdminTopBotsFragment
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const loader = () =>
  loadQuery<AdminOverviewRouteQuery>(relayEnvironment(), adminOverviewQuery, {}, { fetchPolicy: 'store-and-network' });

export function AdminOverviewScreen({ queryRef }: { queryRef: PreloadedQuery<AdminOverviewRouteQuery> }) {
  const { t } = useTranslation();
  const { admin } = usePreloadedQuery<AdminOverviewRouteQuery>(adminOverviewQuery, queryRef);
  if (admin.__typename !== 'Admin' || !admin.overview) return <AdminUnavailable result={admin} />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('adminOverview.title')}
      </Heading>
      <AdminOverviewStats overview={admin.overview} />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <AdminRecentUsers overview={admin.overview} />
        <AdminTopBots overview={admin.overview} />
      </SimpleGrid>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AdminPageBoundary title={t('adminOverview.loadFailed')}>
      <AdminOverviewScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />
    </AdminPageBoundary>
  );
}
