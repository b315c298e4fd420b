import { Badge, Heading, List, Stack, Text } from '@chakra-ui/react';
import { DataList } from '../../ui/chakra/DataList.ts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import type { CurrentPlanCardFragment$key } from './__generated__/CurrentPlanCardFragment.graphql.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

/** The subscription that counts now: plan, features, bot limit, period, amount paid and expiry. */
export function CurrentPlanCard({ billing }: { billing: CurrentPlanCardFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { subscription } = useFragment(
    graphql`
      fragment CurrentPlanCardFragment on Billing {
        subscription {
          planName
          description
          features
          botLimit
          billingPeriod
          amountPaid
          currency
          expiresAt
        }
      }
    `,
    billing,
  );
  const periodLabel = (period: string) => {
    switch (period) {
      case 'month':
        return t('billing.subscription.period.month');
      case 'week':
        return t('billing.subscription.period.week');
      case 'year':
        return t('billing.subscription.period.year');
      default:
        return period;
    }
  };

  return (
    <SectionCard titleId="current-plan-title" title={t('billing.subscription.currentTitle')}>
      {!subscription ? (
        <Text color="fg.muted">{t('billing.subscription.none')}</Text>
      ) : (
        <Stack gap="4">
          <Stack gap="1">
            <Badge colorPalette="brand" size="lg" alignSelf="start">
              {subscription.planName}
            </Badge>
            {subscription.description && <Text color="fg.muted">{subscription.description}</Text>}
          </Stack>
          <DataList.Root orientation="horizontal">
            <DataList.Item>
              <DataList.ItemLabel>{t('billing.subscription.botLimit')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {subscription.botLimit === null
                  ? t('billing.subscription.unlimited')
                  : t('billing.subscription.bots', { count: subscription.botLimit })}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('billing.subscription.billingPeriod')}</DataList.ItemLabel>
              <DataList.ItemValue>{periodLabel(subscription.billingPeriod)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('billing.subscription.amountPaid')}</DataList.ItemLabel>
              <DataList.ItemValue>{format(subscription.amountPaid, 'money', { currency: subscription.currency })}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('billing.subscription.expiresAt')}</DataList.ItemLabel>
              <DataList.ItemValue>{format(subscription.expiresAt, 'longDate')}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {subscription.features.length > 0 && (
            <Stack gap="2">
              <Heading as="h3" size="sm">
                {t('billing.subscription.features')}
              </Heading>
              <List.Root paddingStart="5">
                {subscription.features.map((feature) => (
                  <List.Item key={feature}>{feature}</List.Item>
                ))}
              </List.Root>
            </Stack>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
