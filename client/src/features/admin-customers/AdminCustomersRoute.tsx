import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { StatCard } from '../../ui/StatCard.tsx';
import { AdminPageBoundary } from '../admin-common/AdminPageBoundary.tsx';
import { AdminUnavailable } from '../admin-common/AdminUnavailable.tsx';
import type { AdminCustomersRouteQuery } from './__generated__/AdminCustomersRouteQuery.graphql.ts';
import { CustomerTable } from './CustomerTable.tsx';

export const adminCustomersQuery = graphql`
  query AdminCustomersRouteQuery {
    admin {
      __typename
      ... on Admin {
        id
        customerStats {
          total
          active
          trial
          suspended
          inactive
        }
        ...CustomerTableFragment @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

export const loader = () =>
  loadQuery<AdminCustomersRouteQuery>(relayEnvironment(), adminCustomersQuery, {}, { fetchPolicy: 'store-and-network' });

const STATS = ['total', 'active', 'trial', 'suspended', 'inactive'] as const;

export function AdminCustomersScreen({ queryRef }: { queryRef: PreloadedQuery<AdminCustomersRouteQuery> }) {
  const { t, i18n } = useTranslation();
  const { admin } = usePreloadedQuery<AdminCustomersRouteQuery>(adminCustomersQuery, queryRef);
  if (admin.__typename !== 'Admin' || !admin.customerStats || !admin.CustomerTableFragment) return <AdminUnavailable result={admin} />;
  const stats = admin.customerStats;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('adminCustomers.title')}
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
        {STATS.map((stat) => (
          <StatCard key={stat} label={t(`adminCustomers.stats.${stat}`)} value={stats[stat].toLocaleString(i18n.language)} />
        ))}
      </SimpleGrid>
      <CustomerTable admin={admin.CustomerTableFragment} />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AdminPageBoundary title={t('adminCustomers.loadFailed')} message={t('adminCustomers.loadFailedMessage')}>
      <AdminCustomersScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />
    </AdminPageBoundary>
  );
}
