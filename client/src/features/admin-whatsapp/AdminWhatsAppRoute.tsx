import { Heading, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { StatCard } from '../../ui/StatCard.tsx';
import { AdminPageBoundary } from '../admin-common/AdminPageBoundary.tsx';
import { AdminUnavailable } from '../admin-common/AdminUnavailable.tsx';
import type { AdminWhatsAppRouteQuery } from './__generated__/AdminWhatsAppRouteQuery.graphql.ts';
import { WhatsAppLogTable } from './WhatsAppLogTable.tsx';

export const adminWhatsAppQuery = graphql`
  query AdminWhatsAppRouteQuery {
    admin {
      __typename
      ... on Admin {
        id
        whatsAppAnalytics {
          whatsappMessages
          uniqueWhatsappNumbers
          messagesToday
        }
        ...WhatsAppLogTableFragment @alias
      }
      ... on Error {
        message
      }
    }
  }
`;

export const loader = () =>
  loadQuery<AdminWhatsAppRouteQuery>(relayEnvironment(), adminWhatsAppQuery, {}, { fetchPolicy: 'store-and-network' });

const COUNTERS = ['whatsappMessages', 'uniqueWhatsappNumbers', 'messagesToday'] as const;

export function AdminWhatsAppScreen({ queryRef }: { queryRef: PreloadedQuery<AdminWhatsAppRouteQuery> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { admin } = usePreloadedQuery<AdminWhatsAppRouteQuery>(adminWhatsAppQuery, queryRef);
  if (admin.__typename !== 'Admin' || !admin.whatsAppAnalytics || !admin.WhatsAppLogTableFragment)
    return <AdminUnavailable result={admin} />;
  const analytics = admin.whatsAppAnalytics;
  return (
    <Stack gap="6">
      <Heading as="h1" size="2xl">
        {t('adminWhatsApp.title')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        {COUNTERS.map((counter) => (
          <StatCard key={counter} label={t(`adminWhatsApp.counters.${counter}`)} value={format(analytics[counter], 'number')} />
        ))}
      </SimpleGrid>
      <WhatsAppLogTable admin={admin.WhatsAppLogTableFragment} />
    </Stack>
  );
}

export function Component() {
  const { t } = useTranslation();
  return (
    <AdminPageBoundary title={t('adminWhatsApp.loadFailed')}>
      <AdminWhatsAppScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />
    </AdminPageBoundary>
  );
}
