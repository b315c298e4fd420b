import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { CreateBotButton } from '../chatbots/CreateBotButton.tsx';
import type { FirstBotCardFragment$key } from './__generated__/FirstBotCardFragment.graphql.ts';

/** A customer without a bot yet is shown where to start, on the screen they land on; nothing once they have one. */
export function FirstBotCard({ dashboard }: { dashboard: FirstBotCardFragment$key }) {
  const { t } = useTranslation();
  const { totalBots } = useFragment(
    graphql`
      fragment FirstBotCardFragment on Dashboard {
        totalBots
      }
    `,
    dashboard,
  );
  if (totalBots > 0) return null;
  return (
    <Card.Root borderColor="brand.muted" bg="brand.subtle">
      <Card.Body>
        <Stack gap="3" align="start">
          <Heading as="h2" size="lg">
            {t('dashboard.firstBot.title')}
          </Heading>
          <Text>{t('dashboard.firstBot.text')}</Text>
          <CreateBotButton disabled={false} />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
