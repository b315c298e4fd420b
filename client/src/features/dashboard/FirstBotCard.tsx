import { Button, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { CreateBotButton } from '../chatbots/CreateBotButton.tsx';
import type { FirstBotCardFragment$key } from './__generated__/FirstBotCardFragment.graphql.ts';

/**
 * A customer without a bot yet is shown where to start, on the screen they land on: the editor, or
 * the billing screen first when no plan lets them create one. Nothing once they have a bot.
 */
export function FirstBotCard({ viewer }: { viewer: FirstBotCardFragment$key }) {
  const { t } = useTranslation();
  const { dashboard, botAllowance } = useFragment(
    graphql`
      fragment FirstBotCardFragment on User {
        dashboard {
          totalBots
        }
        botAllowance {
          kind
        }
      }
    `,
    viewer,
  );
  if (dashboard.totalBots > 0) return null;
  const planAllowsBots = botAllowance.kind !== 'none';
  return (
    <Card.Root borderColor="brand.muted" bg="brand.subtle">
      <Card.Body>
        <Stack gap="3" align="start">
          <Heading as="h2" size="lg">
            {t('dashboard.firstBot.title')}
          </Heading>
          <Text>{t('dashboard.firstBot.text')}</Text>
          {planAllowsBots ? (
            <CreateBotButton disabled={false} />
          ) : (
            <>
              <Text color="orange.fg">{t('chatbots.noPlan')}</Text>
              <Button asChild colorPalette="brand">
                <Link to="/billing">{t('shell.planCard.upgrade')}</Link>
              </Button>
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
