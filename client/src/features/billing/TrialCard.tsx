import { Alert, Badge, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { DataList } from '../../ui/chakra/DataList.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import type { TrialCardFragment$key } from './__generated__/TrialCardFragment.graphql.ts';

/**
 * The free trial, in either billing mode: its plan, days and trial credits left and end date, or that
 * it has ended; choosing a plan below (in subscription mode) keeps the bots answering. Nothing when
 * there is no trial to show (none, or a paid plan counts).
 */
export function TrialCard({ billing }: { billing: TrialCardFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { trial } = useFragment(
    graphql`
      fragment TrialCardFragment on Billing {
        trial {
          planName
          botLimit
          endsAt
          daysLeft
          ended
          credits
          creditsLeft
        }
      }
    `,
    billing,
  );
  if (!trial) return null;

  return (
    <Card.Root as="section" aria-labelledby="trial-title" borderColor={trial.ended ? 'border.error' : 'brand.solid'}>
      <Card.Body gap="4">
        <Stack direction="row" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="lg" id="trial-title">
            {t('billing.trial.title')}
          </Heading>
          <Badge colorPalette={trial.ended ? 'gray' : 'brand'} size="lg">
            {trial.planName}
          </Badge>
        </Stack>
        {trial.ended ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('billing.trial.ended')}</Alert.Title>
              <Alert.Description>{t('billing.trial.endedHelp')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <>
            <Text fontWeight="semibold">{t('billing.trial.daysLeft', { count: trial.daysLeft })}</Text>
            <DataList.Root orientation="horizontal">
              <DataList.Item>
                <DataList.ItemLabel>{t('billing.trial.creditsLeft')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {t('billing.trial.creditsOf', {
                    left: trial.creditsLeft,
                    total: trial.credits,
                  })}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('billing.subscription.botLimit')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  {trial.botLimit === null
                    ? t('billing.subscription.unlimited')
                    : t('billing.subscription.bots', { count: trial.botLimit })}
                </DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('billing.trial.endsAt')}</DataList.ItemLabel>
                <DataList.ItemValue>{format(trial.endsAt, 'longDate')}</DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            <Text color="fg.muted" fontSize="sm">
              {t('billing.trial.upgradeHelp')}
            </Text>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
