import { Badge, Button, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanGrid, PlanPrice, usePlanPriceLabel } from './PlanSummary.tsx';
import { graphql, useFragment } from 'react-relay';
import type { SubscriptionPlanCardFragment$key } from './__generated__/SubscriptionPlanCardFragment.graphql.ts';
import { useCheckout } from './checkout.ts';
import { UpgradeDialog, type UpgradeTarget } from './UpgradeDialog.tsx';

/** What the viewer pays now: decides which plans are an upgrade. */
export interface CurrentPlan {
  planId: string;
  planName: string;
  amountPaid: number;
}

function SubscriptionPlanCard({
  plan,
  current,
  choosing,
  busy,
  onChoose,
  onUpgrade,
}: {
  plan: SubscriptionPlanCardFragment$key;
  current: CurrentPlan | null;
  choosing: boolean;
  busy: boolean;
  onChoose: (planId: string) => void;
  onUpgrade: (target: UpgradeTarget) => void;
}) {
  const { t } = useTranslation();
  const planPriceLabel = usePlanPriceLabel('billing.subscription.per');
  const data = useFragment(
    graphql`
      fragment SubscriptionPlanCardFragment on PaymentPlan {
        id
        name
        description
        price
        currency
        billingPeriod
        botLimit
        features
        isPopular
      }
    `,
    plan,
  );
  const priceLabel = planPriceLabel(data);

  let action;
  if (current?.planId === data.id) {
    action = (
      <Button width="full" variant="outline" disabled aria-label={t('billing.subscription.currentLabel', { name: data.name })}>
        {t('billing.subscription.current')}
      </Button>
    );
  } else if (current && data.price > current.amountPaid) {
    action = (
      <Button
        width="full"
        colorPalette="brand"
        aria-label={t('billing.subscription.upgradeLabel', { name: data.name })}
        onClick={() => onUpgrade({ id: data.id, name: data.name, priceLabel })}
      >
        {t('billing.subscription.upgrade')}
      </Button>
    );
  } else if (current) {
    action = (
      <Text fontSize="sm" color="fg.muted">
        {t('billing.subscription.lowerTier')}
      </Text>
    );
  } else {
    action = (
      <Button
        width="full"
        colorPalette="brand"
        loading={choosing}
        disabled={busy && !choosing}
        aria-label={t('billing.subscription.chooseLabel', { name: data.name })}
        onClick={() => onChoose(data.id)}
      >
        {t('billing.subscription.choose')}
      </Button>
    );
  }

  return (
    <Card.Root as="article" size="sm" borderColor={data.isPopular ? 'brand.solid' : undefined}>
      <Card.Body gap="3">
        <Stack direction="row" justify="space-between" align="start" gap="2">
          <Heading as="h3" size="md">
            {data.name}
          </Heading>
          {data.isPopular && <Badge colorPalette="brand">{t('billing.subscription.popular')}</Badge>}
        </Stack>
        <PlanPrice price={priceLabel} description={data.description} />
        <Text fontSize="sm">
          {t('billing.subscription.botLimit')}:{' '}
          {data.botLimit === null ? t('billing.subscription.unlimited') : t('billing.subscription.bots', { count: data.botLimit })}
        </Text>
        {data.features.length > 0 && (
          <List.Root paddingStart="5" fontSize="sm" gap="1">
            {data.features.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List.Root>
        )}
      </Card.Body>
      <Card.Footer>{action}</Card.Footer>
    </Card.Root>
  );
}

/**
 * The subscription plans on sale: a first plan goes through Stripe Checkout; with a plan, only
 * dearer plans are offered as an upgrade and the current one shows a disabled Current button.
 */
export function SubscriptionPlans({
  viewerId,
  current,
  plans,
}: {
  viewerId: string;
  current: CurrentPlan | null;
  plans: ReadonlyArray<SubscriptionPlanCardFragment$key & { readonly id: string }>;
}) {
  const { t } = useTranslation();
  const checkout = useCheckout('subscription');
  const [chosenPlan, setChosenPlan] = useState<string | null>(null);
  const [upgradeTarget, setUpgradeTarget] = useState<UpgradeTarget | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);

  function choose(planId: string) {
    setChosenPlan(planId);
    checkout.start(planId);
  }

  return (
    <>
      <PlanGrid
        titleId="subscription-plans-title"
        title={t('billing.subscription.availableTitle')}
        emptyText={plans.length === 0 ? t('billing.subscription.noPlans') : null}
      >
        {plans.map((plan) => (
          <SubscriptionPlanCard
            key={plan.id}
            plan={plan}
            current={current}
            choosing={checkout.pending && chosenPlan === plan.id}
            busy={checkout.pending}
            onChoose={choose}
            onUpgrade={(target) => {
              setUpgradeTarget(target);
              setUpgradeOpen(true);
            }}
          />
        ))}
      </PlanGrid>
      {current && (
        <UpgradeDialog
          viewerId={viewerId}
          currentPlanName={current.planName}
          target={upgradeTarget}
          open={upgradeOpen}
          onClose={() => setUpgradeOpen(false)}
        />
      )}
    </>
  );
}
