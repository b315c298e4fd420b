import { Badge, Button, Card, Heading, HStack, List, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Switch } from '../../ui/chakra/Switch.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanPrice, usePlanPriceLabel } from '../billing/PlanSummary.tsx';
import { useFormat } from '../../i18n/format.ts';
import { graphql, useFragment } from 'react-relay';
import { useFormMutation } from '../../ui/useFormMutation.ts';
import type { AdminPlanCardFragment$key } from './__generated__/AdminPlanCardFragment.graphql.ts';
import type { AdminPlanCardToggleMutation } from './__generated__/AdminPlanCardToggleMutation.graphql.ts';
import { EditPlanDialog } from './PlanDialogs.tsx';
import { adjustPlanStats } from './planStore.ts';

/** A card shows this many features, then "+N more". */
export const FEATURES_SHOWN = 4;

/** One plan on the admin's price list: what it costs and brings, whether it is on sale, and its edit dialog. */
export function AdminPlanCard({ adminId, plan }: { adminId: string; plan: AdminPlanCardFragment$key }) {
  const { t } = useTranslation();
  const format = useFormat();
  const planPriceLabel = usePlanPriceLabel('adminPlans.per');
  const [editing, setEditing] = useState(false);
  const switchLabelId = useId();
  const data = useFragment(
    graphql`
      fragment AdminPlanCardFragment on PaymentPlan {
        id
        name
        description
        type
        price
        currency
        billingPeriod
        botLimit
        creditAmount
        features
        isActive
        ...EditPlanDialogFragment
      }
    `,
    plan,
  );
  const toggle = useFormMutation<AdminPlanCardToggleMutation>(
    graphql`
      mutation AdminPlanCardToggleMutation($id: ID!) {
        togglePaymentPlan(id: $id) {
          __typename
          ... on PaymentPlan {
            id
            isActive
          }
          ...MutationErrorFragment @alias(as: "error")
        }
      }
    `,
    {
      failedTitle: t('adminPlans.toast.error'),
      failedDescription: t('adminPlans.toast.toggleFailed'),
      successType: 'PaymentPlan',
    },
  );
  const toggling = toggle.inFlight;

  function toggleActive() {
    toggle.submit({
      variables: { id: data.id },
      updater: (store, response) => {
        const result = response?.togglePaymentPlan;
        if (result?.__typename === 'PaymentPlan') adjustPlanStats(store, adminId, { activePlans: result.isActive ? 1 : -1 });
      },
    });
  }

  const priceLabel = planPriceLabel(data);
  const hiddenFeatures = data.features.length - FEATURES_SHOWN;

  return (
    <Card.Root as="article" size="sm" aria-label={data.name} opacity={data.isActive ? 1 : 0.85}>
      <Card.Body gap="3">
        <Stack direction="row" justify="space-between" align="start" gap="2" wrap="wrap">
          <Heading as="h3" size="md" overflowWrap="anywhere">
            {data.name}
          </Heading>
          <HStack gap="1">
            <Badge colorPalette={data.type === 'credit' ? 'purple' : 'blue'}>
              {t(data.type === 'credit' ? 'adminPlans.type.credit' : 'adminPlans.type.subscription')}
            </Badge>
            <Badge colorPalette={data.isActive ? 'green' : 'gray'}>{t(data.isActive ? 'adminPlans.active' : 'adminPlans.inactive')}</Badge>
          </HStack>
        </Stack>
        <PlanPrice price={priceLabel} description={data.description} />
        <Text fontSize="sm">
          {data.type === 'credit'
            ? t('adminPlans.credits', { credits: data.creditAmount ?? 0 })
            : t('adminPlans.botLimit', {
                limit: data.botLimit == null ? t('adminPlans.unlimited') : format(data.botLimit, 'number'),
              })}
        </Text>
        {data.features.length > 0 && (
          <List.Root paddingStart="5" fontSize="sm" gap="1">
            {data.features.slice(0, FEATURES_SHOWN).map((feature, index) => (
              <List.Item key={`${index}:${feature}`}>{feature}</List.Item>
            ))}
          </List.Root>
        )}
        {hiddenFeatures > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('adminPlans.moreFeatures', { count: hiddenFeatures })}
          </Text>
        )}
      </Card.Body>
      <Card.Footer justifyContent="space-between" gap="2" flexWrap="wrap">
        <Switch.Root checked={data.isActive} disabled={toggling} onCheckedChange={toggleActive} colorPalette="brand">
          <Switch.HiddenInput aria-labelledby={switchLabelId} />
          <Switch.Control />
          <Switch.Label>{t('adminPlans.active')}</Switch.Label>
          <VisuallyHidden id={switchLabelId}>{t('adminPlans.activeLabel', { name: data.name })}</VisuallyHidden>
        </Switch.Root>
        <Button size="sm" variant="outline" aria-label={t('adminPlans.editLabel', { name: data.name })} onClick={() => setEditing(true)}>
          {t('adminPlans.edit')}
        </Button>
      </Card.Footer>
      <EditPlanDialog plan={data} open={editing} onClose={() => setEditing(false)} />
    </Card.Root>
  );
}
