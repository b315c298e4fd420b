import { Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
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
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('attention.title')}
        </Heading>
        <Text color="fg.muted">{t('attention.intro')}</Text>
      </Stack>
      <NeedsAttentionList viewer={viewer} botChoices={viewer} />
    </Stack>
  );
}

export function Component() {
  return <NeedsAttentionScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
