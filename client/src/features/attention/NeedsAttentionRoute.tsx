import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { SessionExpired } from '../shell/SessionExpired.tsx';
import type { NeedsAttentionRouteQuery } from './__generated__/NeedsAttentionRouteQuery.graphql.ts';
import { NeedsAttentionList } from './NeedsAttentionList.tsx';

export const needsAttentionQuery = graphql`
  query NeedsAttentionRouteQuery {
    viewer {
      ...NeedsAttentionListFragment
      ...ChatLogFiltersFragment
    }
  }
`;

export const loader = () =>
  loadQuery<NeedsAttentionRouteQuery>(relayEnvironment(), needsAttentionQuery, {}, { fetchPolicy: 'store-and-network' });

export function NeedsAttentionScreen({ queryRef }: { queryRef: PreloadedQuery<NeedsAttentionRouteQuery> }) {
  const { t } = useTranslation();
  const { viewer } = usePreloadedQuery<NeedsAttentionRouteQuery>(needsAttentionQuery, queryRef);
  if (!viewer) return <SessionExpired />;
  return (
    <Stack gap="6">
      <PageHeader title={t('attention.title')} subtitle={t('attention.intro')} />
      <NeedsAttentionList viewer={viewer} botChoices={viewer} />
    </Stack>
  );
}

export function Component() {
  return <NeedsAttentionScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
