import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { TopBotsFragment$key } from './__generated__/TopBotsFragment.graphql.ts';

export function TopBots({ dashboard }: { dashboard: TopBotsFragment$key }) {
  const { t } = useTranslation();
  const { topBots } = useFragment(
    graphql`
      fragment TopBotsFragment on Dashboard {
        topBots {
          bot
          name
          conversations
        }
      }
    `,
    dashboard,
  );
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          {t('dashboard.topBots')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {topBots.length === 0 ? (
          <Text color="fg.muted">{t('dashboard.noBots')}</Text>
        ) : (
          <Stack as="ol" gap="3" margin="0" paddingStart="5">
            {topBots.map((bot) => (
              <li key={bot.bot}>
                <HStack justify="space-between">
                  <Text fontWeight="medium">{bot.name}</Text>
                  <Text color="fg.muted">{t('dashboard.conversations', { count: bot.conversations })}</Text>
                </HStack>
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
