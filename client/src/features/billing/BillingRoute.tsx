import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { graphql, loadQuery, useFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { relayEnvironment } from '../../relay/environment.ts';
import { SessionExpired } from '../shell/SessionExpired.tsx';
import type { BillingRouteQuery } from './__generated__/BillingRouteQuery.graphql.ts';
import type { BillingSectionsFragment$key } from './__generated__/BillingSectionsFragment.graphql.ts';
import { BillingModeCard } from './BillingModeCard.tsx';
import { BrowserNavigationContext, windowNavigation, type BrowserNavigation } from './browserNavigation.tsx';
import { CreditsView } from './CreditsView.tsx';
import { CurrentPlanCard } from './CurrentPlanCard.tsx';
import { SubscriptionPlans } from './SubscriptionPlans.tsx';
import { TrialCard } from './TrialCard.tsx';

export const billingQuery = graphql`
  query BillingRouteQuery {
    viewer {
      id
      billing {
        ...BillingSectionsFragment
      }
    }
    creditPacks: paymentPlans(type: credit) {
      id
      ...CreditPackCardFragment
    }
    subscriptionPlans: paymentPlans(type: subscription) {
      id
      ...SubscriptionPlanCardFragment
    }
  }
`;

export const loader = () => loadQuery<BillingRouteQuery>(relayEnvironment(), billingQuery, {}, { fetchPolicy: 'store-and-network' });

type Plans = ReturnType<typeof usePreloadedQuery<BillingRouteQuery>>;

/** The viewer's billing as every mutation of this screen refreshes it. */
function BillingSections({ viewerId, billing, data }: { viewerId: string; billing: BillingSectionsFragment$key; data: Plans }) {
  const state = useFragment(
    graphql`
      fragment BillingSectionsFragment on Billing {
        planType
        subscription {
          planId
          planName
          amountPaid
        }
        ...BillingModeCardFragment
        ...CreditsViewFragment
        ...CurrentPlanCardFragment
        ...TrialCardFragment
      }
    `,
    billing,
  );
  return (
    <Stack gap="6">
      <TrialCard billing={state} />
      <BillingModeCard viewerId={viewerId} billing={state} />
      {state.planType === 'credit' ? (
        <CreditsView billing={state} packs={data.creditPacks} />
      ) : (
        <>
          <CurrentPlanCard billing={state} />
          <SubscriptionPlans viewerId={viewerId} current={state.subscription ?? null} plans={data.subscriptionPlans} />
        </>
      )}
    </Stack>
  );
}

export function BillingScreen({
  queryRef,
  navigation = windowNavigation,
}: {
  queryRef: PreloadedQuery<BillingRouteQuery>;
  navigation?: BrowserNavigation;
}) {
  const { t } = useTranslation();
  const data = usePreloadedQuery<BillingRouteQuery>(billingQuery, queryRef);
  if (!data.viewer) return <SessionExpired />;
  return (
    <BrowserNavigationContext value={navigation}>
      <Stack gap="6">
        <PageHeader title={t('billing.title')} subtitle={t('billing.subtitle')} />
        <BillingSections viewerId={data.viewer.id} billing={data.viewer.billing} data={data} />
      </Stack>
    </BrowserNavigationContext>
  );
}

export function Component() {
  return <BillingScreen queryRef={useLoaderData() as ReturnType<typeof loader>} />;
}
