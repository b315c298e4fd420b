import { ConflictError, NotFoundError, PaymentRequiredError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { UserRef, viewerOnly } from '../auth/schema.ts';
import type { CheckoutResult, UpgradeResult } from './checkout.ts';
import type { CreditBalance } from './ledger.ts';
import type { BillingOverview } from './account.ts';
import type { SubscriptionWithPlan } from './subscriptions.ts';
import type { TrialView } from './trial.ts';
import { BillingPeriodEnum, PaymentPlanRef, planText, PlanTypeEnum } from './priceListSchema.ts';

const signedIn = { authenticated: true } as const;

const SubscriptionStatusEnum = builder.enumType('SubscriptionStatus', {
  values: ['incomplete', 'trialing', 'active', 'past_due', 'canceled', 'expired'] as const,
});

const viewerOf = (context: GraphQLContext) => context.viewer!;

// ---------------------------------------------------------------- the viewer's billing

const CreditBalanceRef = builder.objectRef<CreditBalance>('CreditBalance').implement({
  authScopes: signedIn,
  fields: (t) => ({
    totalCredits: t.float({ authScopes: signedIn, resolve: (credits) => credits.totalCredits.toNumber() }),
    usedCredits: t.float({ authScopes: signedIn, resolve: (credits) => credits.usedCredits.toNumber() }),
    balance: t.float({ description: 'totalCredits - usedCredits', authScopes: signedIn, resolve: (credits) => credits.balance.toNumber() }),
  }),
});

const CurrentSubscriptionRef = builder.objectRef<SubscriptionWithPlan>('CurrentSubscription').implement({
  description: 'The subscription that counts now: active and not past its billing period.',
  authScopes: signedIn,
  fields: (t) => ({
    planId: t.globalID({ authScopes: signedIn, resolve: (subscription) => ({ type: 'PaymentPlan', id: subscription.planId }) }),
    planName: t.string({
      authScopes: signedIn,
      resolve: ({ plan }, _args, context) => planText(plan, 'name', context),
    }),
    description: t.string({
      authScopes: signedIn,
      resolve: ({ plan }, _args, context) => planText(plan, 'description', context),
    }),
    features: t.stringList({
      authScopes: signedIn,
      resolve: ({ plan }, _args, context) => planText(plan, 'features', context),
    }),
    botLimit: t.int({
      nullable: true,
      description: 'null means unlimited bots.',
      authScopes: signedIn,
      resolve: (subscription) => subscription.plan.botLimit,
    }),
    billingPeriod: t.field({ type: BillingPeriodEnum, authScopes: signedIn, resolve: (subscription) => subscription.billingPeriod }),
    amountPaid: t.float({ authScopes: signedIn, resolve: (subscription) => subscription.amountPaid.toNumber() }),
    currency: t.exposeString('currency', { authScopes: signedIn }),
    status: t.field({ type: SubscriptionStatusEnum, authScopes: signedIn, resolve: (subscription) => subscription.status }),
    startedAt: t.expose('startedAt', { type: 'DateTime', authScopes: signedIn }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', authScopes: signedIn }),
  }),
});

const TrialRef = builder.objectRef<TrialView>('Trial').implement({
  description: 'The free trial: a plan for 14 days with its bot limit, and credits on the platform AI service.',
  authScopes: signedIn,
  fields: (t) => ({
    planId: t.globalID({ authScopes: signedIn, resolve: (trial) => ({ type: 'PaymentPlan', id: trial.planId }) }),
    planName: t.exposeString('planName', { authScopes: signedIn }),
    botLimit: t.exposeInt('botLimit', { nullable: true, description: 'null means unlimited bots.', authScopes: signedIn }),
    startedAt: t.expose('startedAt', { type: 'DateTime', authScopes: signedIn }),
    endsAt: t.expose('endsAt', { type: 'DateTime', authScopes: signedIn }),
    daysLeft: t.exposeInt('daysLeft', {
      description: 'Whole days left, a started day counting as one; 0 once ended.',
      authScopes: signedIn,
    }),
    ended: t.exposeBoolean('ended', { authScopes: signedIn }),
    credits: t.exposeFloat('credits', { description: 'Trial credits given at the start.', authScopes: signedIn }),
    creditsUsed: t.exposeFloat('creditsUsed', { authScopes: signedIn }),
    creditsLeft: t.exposeFloat('creditsLeft', {
      description: 'Spent before paid credits; 0 once the trial has ended.',
      authScopes: signedIn,
    }),
  }),
});

const BillingRef = builder.objectRef<BillingOverview>('Billing').implement({
  description: "A customer's billing: mode (credits or own key with a subscription), credits and current plan.",
  authScopes: signedIn,
  fields: (t) => ({
    planType: t.field({ type: PlanTypeEnum, authScopes: signedIn, resolve: (billing) => billing.planType }),
    apiKey: t.string({
      nullable: true,
      description: 'The saved own AI-provider key, masked (sk-…abcd); never the key itself.',
      authScopes: signedIn,
      resolve: (billing) => billing.apiKey,
    }),
    hasApiKey: t.boolean({ authScopes: signedIn, resolve: (billing) => billing.apiKey !== null }),
    credits: t.field({ type: CreditBalanceRef, authScopes: signedIn, resolve: (billing) => billing.credits }),
    chatMessageCost: t.float({
      description:
        "Credits one chat answer costs now (test chat, widget and WhatsApp alike), by the rates and the customer's mode; 0 when credits do not pay for answers (own key).",
      authScopes: signedIn,
      resolve: (billing, _args, context) => context.services.billing.chatMessageCost(billing.userId),
    }),
    subscription: t.field({
      type: CurrentSubscriptionRef,
      nullable: true,
      authScopes: signedIn,
      resolve: (billing) => billing.subscription,
    }),
    trial: t.field({
      type: TrialRef,
      nullable: true,
      description: 'The free trial, running or ended; null when there never was one or a paid subscription counts.',
      authScopes: signedIn,
      resolve: (billing) => billing.trial,
    }),
  }),
});

builder.objectField(UserRef, 'billing', (t) =>
  t.field({
    type: BillingRef,
    description: 'Only the user themself sees their billing.',
    authScopes: viewerOnly,
    resolve: (_user, _args, context) => context.services.billing.account.overview(viewerOf(context)),
  }),
);

const BillingPayloadRef = builder.objectRef<{ userId: string; billing: BillingOverview }>('BillingPayload').implement({
  authScopes: signedIn,
  fields: (t) => ({
    billing: t.field({ type: BillingRef, authScopes: signedIn, resolve: (payload) => payload.billing }),
    viewer: t.prismaField({
      type: 'User',
      description: 'The updated viewer, so that Relay refreshes viewer.billing.',
      authScopes: signedIn,
      resolve: (query, payload, _args, context) => context.prisma.user.findUniqueOrThrow({ ...query, where: { id: payload.userId } }),
    }),
  }),
});

async function billingPayload(context: GraphQLContext) {
  const viewer = viewerOf(context);
  return { userId: viewer.id, billing: await context.services.billing.account.overview(viewer) };
}

// ---------------------------------------------------------------- the customer's mutations

builder.mutationField('setBillingPlanType', (t) =>
  t.field({
    type: BillingPayloadRef,
    description: 'Switches between credits (the platform AI service) and a subscription with an own key.',
    authScopes: signedIn,
    errors: { types: [ValidationError] },
    args: { planType: t.arg({ type: PlanTypeEnum, required: true }) },
    resolve: async (_root, args, context) => {
      await context.services.billing.account.setPlanType(viewerOf(context), args);
      return billingPayload(context);
    },
  }),
);

builder.mutationField('setBillingApiKey', (t) =>
  t.field({
    type: BillingPayloadRef,
    description: 'Saves the own AI-provider key (encrypted). An empty key keeps the saved one (or none).',
    authScopes: signedIn,
    errors: { types: [ValidationError] },
    args: { apiKey: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      await context.services.billing.account.setApiKey(viewerOf(context), args);
      return billingPayload(context);
    },
  }),
);

builder.mutationField('clearBillingApiKey', (t) =>
  t.field({
    type: BillingPayloadRef,
    authScopes: signedIn,
    resolve: async (_root, _args, context) => {
      await context.services.billing.account.clearApiKey(viewerOf(context));
      return billingPayload(context);
    },
  }),
);

const CheckoutSessionRef = builder.objectRef<CheckoutResult>('CheckoutSession').implement({
  authScopes: signedIn,
  fields: (t) => ({
    checkoutUrl: t.exposeString('checkoutUrl', { description: 'Send the browser here (Stripe Checkout).', authScopes: signedIn }),
    sessionId: t.exposeString('sessionId', { authScopes: signedIn }),
  }),
});

const paymentErrors = [ValidationError, NotFoundError, ConflictError, PaymentRequiredError, ServiceUnavailableError];

builder.mutationField('createCreditCheckoutSession', (t) =>
  t.field({
    type: CheckoutSessionRef,
    description: 'Starts a Stripe Checkout for a credit pack; credits and bonus arrive with the payment webhook.',
    authScopes: signedIn,
    errors: { types: paymentErrors },
    args: { planId: t.arg.globalID({ for: [PaymentPlanRef], required: true }) },
    resolve: (_root, args, context) => context.services.billing.checkout.createSession(viewerOf(context), 'credit', args.planId.id),
  }),
);

builder.mutationField('createSubscriptionCheckoutSession', (t) =>
  t.field({
    type: CheckoutSessionRef,
    description: 'Starts a Stripe Checkout for a subscription plan; the payment webhook activates it.',
    authScopes: signedIn,
    errors: { types: paymentErrors },
    args: { planId: t.arg.globalID({ for: [PaymentPlanRef], required: true }) },
    resolve: (_root, args, context) => context.services.billing.checkout.createSession(viewerOf(context), 'subscription', args.planId.id),
  }),
);

const UpgradePayloadRef = builder
  .objectRef<UpgradeResult & { userId: string; billing: BillingOverview }>('UpgradeSubscriptionPayload')
  .implement({
    authScopes: signedIn,
    fields: (t) => ({
      success: t.exposeBoolean('success', { authScopes: signedIn }),
      message: t.exposeString('message', { authScopes: signedIn }),
      receiptUrl: t.exposeString('receiptUrl', { nullable: true, description: 'Open in a new tab.', authScopes: signedIn }),
      billing: t.field({ type: BillingRef, authScopes: signedIn, resolve: (payload) => payload.billing }),
    }),
  });

builder.mutationField('upgradeSubscription', (t) =>
  t.field({
    type: UpgradePayloadRef,
    description: 'Moves the active subscription to a dearer subscription plan at once, with proration.',
    authScopes: signedIn,
    errors: { types: paymentErrors },
    args: { planId: t.arg.globalID({ for: [PaymentPlanRef], required: true }) },
    resolve: async (_root, args, context) => {
      const result = await context.services.billing.checkout.upgradeSubscription(viewerOf(context), args.planId.id);
      return { ...result, ...(await billingPayload(context)) };
    },
  }),
);

export { PlanStatsRef } from './priceListSchema.ts';
