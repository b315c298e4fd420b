import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { AdminPageBoundary } from '../admin-common/AdminPageBoundary.tsx';
import { AdminUnavailable } from '../admin-common/AdminUnavailable.tsx';
import type { AdminDemoBotsRouteQuery } from './__generated__/AdminDemoBotsRouteQuery.graphql.ts';
import { TemplatePromptsPanel } from './TemplatePromptsPanel.tsx';

export const adminDemoBotsQuery = graphql`
  query AdminDemoBotsRouteQuery {
    admin {
      __typename
      ... on Admin {
        id
        ...TemplatePromptsPanelFragment @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

export const loader = () =>
  loadQuery<AdminDemoBotsRouteQuery>(relayEnvironment(), adminDemoBotsQuery, {}, { fetchPolicy: 'store-and-network' });

/** /admin/demo-bots: the demo's template prompts, with their add/update form. */
export function AdminDemoBotsScreen({ queryRef }: { queryRef: PreloadedQuery<AdminDemoBotsRouteQuery> }) {
  const { t } = useTranslation();
  const { admin } = usePreloadedQuery<AdminDemoBotsRouteQuery>(adminDemoBotsQuery, queryRef);
  const templates = admin.TemplatePromptsPanelFragment;
  if (admin.__typename !== 'Admin' || !admin.id || !templates) return <AdminUnavailable result={admin} />;
  return (
    <Stack gap="6">
      <PageHeader title={t('adminDemoBots.title')} subtitle={t('adminDemoBots.subtitle')} />
      <TemplatePromptsPanel adminId={admin.id} admin={templates} />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AdminPageBoundary title={t('adminDemoBots.loadFailed')} message={t('adminDemoBots.loadFailedMessage')}>
      <AdminDemoBotsScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />
    </AdminPageBoundary>
  );
}
