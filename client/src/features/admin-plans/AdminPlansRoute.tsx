import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { AdminPageBoundary } from '../admin-common/AdminPageBoundary.tsx';
import { AdminUnavailable } from '../admin-common/AdminUnavailable.tsx';
import type { AdminPlansRouteQuery } from './__generated__/AdminPlansRouteQuery.graphql.ts';
import { AdminPlanCard } from './AdminPlanCard.tsx';
import { AdminPlanStats } from './AdminPlanStats.tsx';
import { CreatePlanDialog } from './PlanDialogs.tsx';

export const adminPlansQuery = graphql`
  query AdminPlansRouteQuery {
    admin {
      __typename
      ... on Admin {
        id
        ...AdminPlanStatsFragment @alias
      }
      ... on Error {
        message
      }
    }
    paymentPlans(includeInactive: true) {
      id
      ...AdminPlanCardFragment
    }
  }
`;

export const loader = () => loadQuery<AdminPlansRouteQuery>(relayEnvironment(), adminPlansQuery, {}, { fetchPolicy: 'store-and-network' });

/** /admin/plans: the stats, every plan (inactive ones too) as a card, and the create dialog. */
export function AdminPlansScreen({ queryRef }: { queryRef: PreloadedQuery<AdminPlansRouteQuery> }) {
  const { t } = useTranslation();
  const { admin, paymentPlans } = usePreloadedQuery<AdminPlansRouteQuery>(adminPlansQuery, queryRef);
  const [creating, setCreating] = useState(false);
  const stats = admin.AdminPlanStatsFragment;
  const adminId = admin.id;
  if (admin.__typename !== 'Admin' || !adminId || !stats) return <AdminUnavailable result={admin} />;
  return (
    <Stack gap="6">
      <Stack direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'end' }} gap="3">
        <PageHeader title={t('adminPlans.title')} subtitle={t('adminPlans.subtitle')} />
        <Button colorPalette="brand" onClick={() => setCreating(true)}>
          {t('adminPlans.create')}
        </Button>
      </Stack>
      <AdminPlanStats admin={stats} />
      {paymentPlans.length === 0 ? (
        <Text color="fg.muted">{t('adminPlans.noPlans')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {paymentPlans.map((plan) => (
            <AdminPlanCard key={plan.id} adminId={adminId} plan={plan} />
          ))}
        </SimpleGrid>
      )}
      <CreatePlanDialog adminId={adminId} open={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AdminPageBoundary title={t('adminPlans.loadFailed')} message={t('adminPlans.loadFailedMessage')}>
      <AdminPlansScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />
    </AdminPageBoundary>
  );
}
