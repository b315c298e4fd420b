import { loadQuery } from 'react-relay';
import type { InitialEntry, RouteObject } from 'react-router';
import { createMockEnvironment } from 'relay-test-utils';
import { renderRoute } from '../../test/render.tsx';
import { Component as LandingRoute } from './LandingRoute.tsx';
import type { PricingSectionQuery } from './__generated__/PricingSectionQuery.graphql.ts';
import { pricingQuery } from './PricingSection.tsx';

const planId = (id: string) => btoa(`PaymentPlan:${id}`);

/** The seeded plans, as the server sends them on the landing. */
export const SEEDED_PLANS = [
  {
    id: planId('p-starter'),
    name: 'Starter',
    price: 9,
    currency: 'usd',
    billingPeriod: 'month',
    features: ['Up to 3 chatbots', 'Email support'],
    isPopular: false,
  },
  {
    id: planId('p-pro'),
    name: 'Pro',
    price: 19,
    currency: 'usd',
    billingPeriod: 'month',
    features: ['Up to 15 chatbots', 'Lead capture'],
    isPopular: true,
  },
  {
    id: planId('p-enterprise'),
    name: 'Enterprise',
    price: 49,
    currency: 'usd',
    billingPeriod: 'month',
    features: ['Unlimited chatbots'],
    isPopular: false,
  },
];

/** `/` as the router shows it: its loader fetches the plans on sale, answered with `plans`. */
export function renderLanding(options: { at?: InitialEntry; routes?: RouteObject[]; plans?: unknown[] } = {}) {
  const { plans = SEEDED_PLANS, ...routeOptions } = options;
  const environment = createMockEnvironment();
  const plansRef = loadQuery<PricingSectionQuery>(environment, pricingQuery, {});
  environment.mock.resolveMostRecentOperation({ data: { paymentPlans: plans } });
  return renderRoute(<LandingRoute />, { ...routeOptions, environment, loader: () => plansRef });
}
