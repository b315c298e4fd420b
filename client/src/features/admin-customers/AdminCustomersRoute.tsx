import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { AdminPageBoundary } from '../admin-common/AdminPageBoundary.tsx';
import { AdminUnavailable } from '../admin-common/AdminUnavailable.tsx';
import type { AdminCustomersRouteQuery } from './__generated__/AdminCustomersRouteQuery.graphql.ts';
import { CustomerStatsCards } from './CustomerStatsCards.tsx';
import { CustomerTable } from './CustomerTable.tsx';

export const adminCustomersQuery = graphql`
  query AdminCustomersRouteQuery {
    admin {
      __typename
      ... on Admin {
        id
        ...CustomerStatsCardsFragment @alias
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

export function AdminCustomersScreen({ queryRef }: { queryRef: PreloadedQuery<AdminCustomersRouteQuery> }) {
  const { t } = useTranslation();
  const { admin } = usePreloadedQuery<AdminCustomersRouteQuery>(adminCustomersQuery, queryRef);
  if (admin.__typename !== 'Admin' || !admin.CustomerStatsCardsFragment || !admin.CustomerTableFragment)
    return <AdminUnavailable result={admin} />;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('adminCustomers.title')}
      </Heading>
      <CustomerStatsCards admin={admin.CustomerStatsCardsFragment} />
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
