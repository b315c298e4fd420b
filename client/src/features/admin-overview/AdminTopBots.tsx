import { Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import type { AdminTopBotsFragment$key } from './__generated__/AdminTopBotsFragment.graphql.ts';

export function AdminTopBots({ overview }: { overview: AdminTopBotsFragment$key }) {
  const { t } = useTranslation();
  const { topBots } = useFragment(
    graphql`
      fragment AdminTopBotsFragment on AdminOverview {
        topBots {
          name
          owner
          conversations
        }
      }
    `,
    overview,
  );
  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          {t('adminOverview.topBots')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {topBots.length === 0 ? (
          <Text color="fg.muted">{t('adminOverview.noBots')}</Text>
        ) : (
          <Stack as="ol" gap="3" margin="0" paddingStart="5">
            {topBots.map((bot, index) => (
              // Top bots carry no id: the rank (with the name) is their identity in this list.
              <li key={`${index}-${bot.name}`}>
                <HStack justify="space-between" align="start" gap="3">
                  <Stack gap="0" minWidth="0">
                    <Text fontWeight="medium">{bot.name}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t('adminOverview.owner', { owner: bot.owner })}
                    </Text>
                  </Stack>
                  <Text color="fg.muted" flexShrink={0}>
                    {t('adminOverview.conversations', { count: bot.conversations })}
                  </Text>
                </HStack>
              </li>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
