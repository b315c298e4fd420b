import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { AdminPageBoundary } from '../admin-common/AdminPageBoundary.tsx';
import { AdminUnavailable } from '../admin-common/AdminUnavailable.tsx';
import type { AdminSystemLogsRouteQuery } from './__generated__/AdminSystemLogsRouteQuery.graphql.ts';
import { SystemEventList } from './SystemEventList.tsx';

export const adminSystemLogsQuery = graphql`
  query AdminSystemLogsRouteQuery {
    admin {
      __typename
      ... on Admin {
        id
        eventCategories
        ...SystemEventListFragment @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

export const loader = () =>
  loadQuery<AdminSystemLogsRouteQuery>(relayEnvironment(), adminSystemLogsQuery, {}, { fetchPolicy: 'store-and-network' });

export function AdminSystemLogsScreen({ queryRef }: { queryRef: PreloadedQuery<AdminSystemLogsRouteQuery> }) {
  const { t } = useTranslation();
  const { admin } = usePreloadedQuery<AdminSystemLogsRouteQuery>(adminSystemLogsQuery, queryRef);
  if (admin.__typename !== 'Admin' || !admin.SystemEventListFragment || !admin.eventCategories) return <AdminUnavailable result={admin} />;
  return (
    <Stack gap="6">
      <PageHeader title={t('adminSystemLogs.title')} subtitle={t('adminSystemLogs.subtitle')} />
      <SystemEventList admin={admin.SystemEventListFragment} categories={admin.eventCategories} />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AdminPageBoundary title={t('adminSystemLogs.loadFailed')}>
      <AdminSystemLogsScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />
    </AdminPageBoundary>
  );
}
