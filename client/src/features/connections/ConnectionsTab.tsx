import { Separator, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { ConnectionsTabQuery } from './__generated__/ConnectionsTabQuery.graphql.ts';
import { DataToolSection } from './DataToolSection.tsx';
import { WhatsAppSection } from './WhatsAppSection.tsx';

/** The editor's connections tab: WhatsApp numbers and the bot's data tool. */
export function ConnectionsTab({ botId }: { botId: string }) {
  const { t } = useTranslation();
  const { node } = useLazyLoadQuery<ConnectionsTabQuery>(
    graphql`
      query ConnectionsTabQuery($botId: ID!) {
        node(id: $botId) {
          ... on Bot {
            ...WhatsAppSectionFragment @alias
            ...DataToolSectionFragment @alias
          }
        }
      }
    `,
    { botId },
    { fetchPolicy: 'store-and-network' },
  );
  const whatsApp = node?.WhatsAppSectionFragment;
  const dataTool = node?.DataToolSectionFragment;
  if (!whatsApp || !dataTool) throw new Error(t('connections.loadFailed'));
  return (
    <Stack gap="6">
      <PageHeader title={t('connections.heading')} subtitle={t('connections.intro')} level="tab" />
      <WhatsAppSection bot={whatsApp} />
      <Separator />
      <DataToolSection bot={dataTool} />
    </Stack>
  );
}
