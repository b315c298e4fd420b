import { Stack } from '@chakra-ui/react';
import { Tabs } from '../../ui/chakra/Tabs.ts';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { AdminPageBoundary } from '../admin-common/AdminPageBoundary.tsx';
import { AdminUnavailable } from '../admin-common/AdminUnavailable.tsx';
import type { AdminSettingsRouteQuery } from './__generated__/AdminSettingsRouteQuery.graphql.ts';
import { ApiKeysPanel } from './ApiKeysPanel.tsx';
import { CreditRatesPanel } from './CreditRatesPanel.tsx';
import { TrialCreditsPanel } from './TrialCreditsPanel.tsx';

export const adminSettingsQuery = graphql`
  query AdminSettingsRouteQuery {
    admin {
      __typename
      ... on Admin {
        id
        ...ApiKeysPanelFragment @alias
      }
      ... on Error {
        message
      }
    }
    ...CreditRatesPanelFragment
    trialSettings {
      ...TrialCreditsPanelFragment
    }
  }
`;

export const loader = () =>
  loadQuery<AdminSettingsRouteQuery>(relayEnvironment(), adminSettingsQuery, {}, { fetchPolicy: 'store-and-network' });

/** /admin/settings: the platform's API keys; its credit rates and the free trial's credits. */
export function AdminSettingsScreen({ queryRef }: { queryRef: PreloadedQuery<AdminSettingsRouteQuery> }) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<AdminSettingsRouteQuery>(adminSettingsQuery, queryRef);
  const { admin } = data;
  const apiKeys = admin.ApiKeysPanelFragment;
  if (admin.__typename !== 'Admin' || !admin.id || !apiKeys) return <AdminUnavailable result={admin} />;
  return (
    <Stack gap="6">
      <PageHeader title={t('adminSettings.title')} subtitle={t('adminSettings.subtitle')} />
      <Tabs.Root defaultValue="api-keys" variant="line" colorPalette="brand" lazyMount>
        <Tabs.List aria-label={t('adminSettings.tabs.label')}>
          <Tabs.Trigger value="api-keys">{t('adminSettings.tabs.apiKeys')}</Tabs.Trigger>
          <Tabs.Trigger value="rates">{t('adminSettings.tabs.rates')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="api-keys">
          <ApiKeysPanel adminId={admin.id} admin={apiKeys} />
        </Tabs.Content>
        <Tabs.Content value="rates">
          <Stack gap="6">
            <CreditRatesPanel query={data} />
            <TrialCreditsPanel trial={data.trialSettings} />
          </Stack>
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AdminPageBoundary title={t('adminSettings.loadFailed')} message={t('adminSettings.loadFailedMessage')}>
      <AdminSettingsScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />
    </AdminPageBoundary>
  );
}
