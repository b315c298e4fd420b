import { Suspense } from 'react';
import { loadQuery } from 'react-relay';
import { createMockEnvironment, MockPayloadGenerator } from 'relay-test-utils';
import { vi } from 'vitest';
import { renderRoute } from '../../test/render.tsx';
import type { BillingRouteQuery } from './__generated__/BillingRouteQuery.graphql.ts';
import { BillingScreen, billingQuery } from './BillingRoute.tsx';
import type { BrowserNavigation } from './browserNavigation.tsx';

export const VIEWER_ID = 'viewer-1';

export const creditPack = (id: string, name: string, price: number, creditAmount: number, bonusCredits = 0) => ({
  id,
  name,
  description: `${name} description`,
  type: 'credit',
  price,
  currency: 'usd',
  creditAmount,
  bonusCredits,
  isPopular: false,
});

export const subscriptionPlan = (id: string, name: string, price: number, botLimit: number | null = 3) => ({
  id,
  name,
  description: `${name} description`,
  type: 'subscription',
  price,
  currency: 'usd',
  billingPeriod: 'month',
  botLimit,
  features: [`${name} feature`],
  isPopular: false,
});

export const PLANS = [
  subscriptionPlan('plan-starter', 'Starter', 9),
  subscriptionPlan('plan-pro', 'Pro', 19, 15),
  subscriptionPlan('plan-enterprise', 'Enterprise', 49, null),
];
export const PACKS = [creditPack('pack-small', 'Small pack', 10, 500, 50), creditPack('pack-large', 'Large pack', 40, 2500)];

export const currentSubscription = (plan: ReturnType<typeof subscriptionPlan>) => ({
  planId: plan.id,
  planName: plan.name,
  description: plan.description,
  features: plan.features,
  botLimit: plan.botLimit,
  billingPeriod: 'month',
  amountPaid: plan.price,
  currency: 'usd',
  expiresAt: '2026-12-22T10:00:00Z',
});

export const creditBilling = (overrides: Record<string, unknown> = {}) => ({
  planType: 'credit',
  apiKey: null,
  hasApiKey: false,
  credits: { totalCredits: 1000, usedCredits: 250.5, balance: 749.5 },
  subscription: null,
  trial: null,
  ...overrides,
});

export const subscriptionBilling = (
  subscription: ReturnType<typeof currentSubscription> | null,
  overrides: Record<string, unknown> = {},
) => ({
  planType: 'subscription',
  apiKey: 'sk-…abcd',
  hasApiKey: true,
  credits: { totalCredits: 0, usedCredits: 0, balance: 0 },
  subscription,
  trial: null,
  ...overrides,
});

/** A free trial as Billing.trial gives it: running by default. */
export const freeTrial = (overrides: Record<string, unknown> = {}) => ({
  planName: 'Pro',
  botLimit: 15,
  endsAt: '2026-12-07T10:00:00Z',
  daysLeft: 9,
  ended: false,
  credits: 50,
  creditsLeft: 42.5,
  ...overrides,
});

/** A navigation double: where the browser would have been sent. */
export function fakeNavigation(receiptTabOpens = true) {
  return {
    goTo: vi.fn<(url: string) => void>(),
    openInNewTab: vi.fn<(url: string) => boolean>(() => receiptTabOpens),
  } satisfies BrowserNavigation;
}

export function renderBilling({
  billing = creditBilling() as Record<string, unknown>,
  packs = PACKS as unknown[],
  plans = PLANS as unknown[],
  navigation = fakeNavigation(),
  resolve = true,
} = {}) {
  const environment = createMockEnvironment();
  const queryRef = loadQuery<BillingRouteQuery>(environment, billingQuery, {});
  if (resolve) {
    environment.mock.resolveMostRecentOperation((operation) =>
      MockPayloadGenerator.generate(operation, {
        Query: () => ({ creditPacks: packs, subscriptionPlans: plans }),
        User: () => ({ id: VIEWER_ID }),
        Billing: () => billing,
      }),
    );
  }
  renderRoute(
    <Suspense fallback={<p>Loading billing</p>}>
      <BillingScreen queryRef={queryRef} navigation={navigation} />
    </Suspense>,
    { environment },
  );
  return { environment, navigation };
}
