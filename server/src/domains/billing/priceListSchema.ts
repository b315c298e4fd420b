// The price list and its figures: plans and credit packs (public), credit rates, revenue and the trial's settings (the admin's).
import { AuthenticationError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { translatedField } from '../../platform/i18n/index.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { isAdmin } from '../auth/public.ts';
import type { RevenueSummary } from './revenue.ts';
import { BILLING_PERIODS, PLAN_CRAWL_SCHEDULES, PLAN_TYPES } from './rules.ts';
import type { PlanStats } from './plans.ts';
import type { TrialSettings } from './trial.ts';

const anyone = { public: true } as const;
const signedIn = { authenticated: true } as const;
const admin = { admin: true } as const;

export const PlanTypeEnum = builder.enumType('PlanType', { values: PLAN_TYPES });
export const BillingPeriodEnum = builder.enumType('BillingPeriod', { values: BILLING_PERIODS });
export const PlanCrawlScheduleEnum = builder.enumType('PlanCrawlSchedule', {
  description: 'A re-crawl schedule a subscription plan may allow (OFF is always allowed).',
  values: PLAN_CRAWL_SCHEDULES,
});

const viewerOf = (context: GraphQLContext) => context.viewer!;

type PlanText = { name: string; description: string; features: string[]; translations: unknown };

/** A plan's text in the request's language; admins edit the originals, so they read them. */
export function planText<F extends 'name' | 'description' | 'features'>(plan: PlanText, field: F, context: GraphQLContext): PlanText[F] {
  return isAdmin(context.viewer) ? plan[field] : translatedField(plan.translations, context.language, field, plan[field]);
}
const TRANSLATED = "In the request's language (Accept-Language) when the plan carries a translation; admins read the original.";

// ---------------------------------------------------------------- plans and rates

export const PaymentPlanRef = builder.prismaNode('PaymentPlan', {
  id: { field: 'id' },
  description: 'A subscription plan or a credit pack.',
  // Active plans are the public price list; inactive ones are the admin's business.
  authScopes: (plan, context) => plan.isActive || isAdmin(context.viewer),
  fields: (t) => ({
    name: t.string({
      description: TRANSLATED,
      authScopes: anyone,
      resolve: (plan, _args, context) => planText(plan, 'name', context),
    }),
    description: t.string({
      description: TRANSLATED,
      authScopes: anyone,
      resolve: (plan, _args, context) => planText(plan, 'description', context),
    }),
    type: t.expose('type', { type: PlanTypeEnum, authScopes: anyone }),
    price: t.float({ authScopes: anyone, resolve: (plan) => plan.price.toNumber() }),
    currency: t.exposeString('currency', { authScopes: anyone }),
    isActive: t.exposeBoolean('isActive', { authScopes: anyone }),
    isPopular: t.exposeBoolean('isPopular', { authScopes: anyone }),
    botLimit: t.exposeInt('botLimit', {
      nullable: true,
      description: 'Subscription plans: null means unlimited bots.',
      authScopes: anyone,
    }),
    widgetMessagesPerMinute: t.exposeInt('widgetMessagesPerMinute', {
      nullable: true,
      description: "Subscription plans: widget messages one bot may answer a minute; null means the platform's default (300).",
      authScopes: anyone,
    }),
    crawlSchedules: t.field({
      type: [PlanCrawlScheduleEnum],
      description:
        "Subscription plans: the re-crawl schedules besides OFF its subscribers' website sources may use. Customers without a paid subscription (credits, trial) crawl by hand only.",
      authScopes: anyone,
      resolve: (plan) => plan.crawlSchedules.filter((schedule) => schedule !== 'OFF'),
    }),
    billingPeriod: t.expose('billingPeriod', { type: BillingPeriodEnum, nullable: true, authScopes: anyone }),
    features: t.stringList({
      description: TRANSLATED,
      authScopes: anyone,
      resolve: (plan, _args, context) => planText(plan, 'features', context),
    }),
    creditAmount: t.exposeInt('creditAmount', { nullable: true, description: 'Credit packs: credits bought.', authScopes: anyone }),
    bonusCredits: t.exposeInt('bonusCredits', { description: 'Credit packs: credits added on top.', authScopes: anyone }),
    stripePriceId: t.exposeString('stripePriceId', { nullable: true, authScopes: admin }),
    createdAt: t.expose('createdAt', { type: 'DateTime', authScopes: anyone }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', authScopes: anyone }),
  }),
});

export const CreditRateRef = builder.prismaNode('CreditRate', {
  id: { field: 'id' },
  description: 'Credits charged per unit of a usage type (chat per message: 1 by default).',
  authScopes: signedIn,
  fields: (t) => ({
    usageType: t.exposeString('usageType', { authScopes: signedIn }),
    unitName: t.exposeString('unitName', { authScopes: signedIn }),
    costPerUnit: t.float({ authScopes: signedIn, resolve: (rate) => rate.costPerUnit.toNumber() }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', authScopes: signedIn }),
  }),
});

const MonthlyRevenueRef = builder.objectRef<RevenueSummary['monthlyBreakdown'][number]>('MonthlyRevenue').implement({
  authScopes: admin,
  fields: (t) => ({
    year: t.exposeInt('year', { authScopes: admin }),
    month: t.exposeInt('month', { description: '1 to 12', authScopes: admin }),
    revenue: t.exposeFloat('revenue', { authScopes: admin }),
  }),
});

const RevenueSummaryRef = builder.objectRef<RevenueSummary>('RevenueSummary').implement({
  authScopes: admin,
  fields: (t) => ({
    totalRevenue: t.exposeFloat('totalRevenue', { authScopes: admin }),
    monthlyBreakdown: t.field({
      type: [MonthlyRevenueRef],
      description: 'Paid revenue by month, oldest first, up to the current month (0 where nothing was paid).',
      authScopes: admin,
      resolve: (summary) => summary.monthlyBreakdown,
    }),
  }),
});

export const PlanStatsRef = builder.objectRef<PlanStats>('PlanStats').implement({
  authScopes: admin,
  fields: (t) => ({
    totalPlans: t.exposeInt('totalPlans', { description: 'Plans and credit packs, active or not.', authScopes: admin }),
    activePlans: t.exposeInt('activePlans', { description: 'Plans customers can buy.', authScopes: admin }),
    subscribers: t.exposeInt('subscribers', { description: 'Customers with a paid subscription running.', authScopes: admin }),
    monthlyRevenue: t.exposeFloat('monthlyRevenue', { description: "This month's paid revenue, USD.", authScopes: admin }),
  }),
});

// ---------------------------------------------------------------- queries

builder.queryField('paymentPlans', (t) =>
  t.field({
    type: [PaymentPlanRef],
    description: 'Active plans for everyone; admins also get inactive ones unless includeInactive is false.',
    authScopes: anyone,
    args: { type: t.arg({ type: PlanTypeEnum, required: false }), includeInactive: t.arg.boolean({ required: false }) },
    resolve: (_root, args, context) => context.services.billing.plans.list(context.viewer, args),
  }),
);

builder.queryField('creditRates', (t) =>
  t.field({
    type: [CreditRateRef],
    authScopes: signedIn,
    resolve: (_root, _args, context) => context.services.billing.rates.list(),
  }),
);

builder.queryField('revenueSummary', (t) =>
  t.field({
    type: RevenueSummaryRef,
    description: 'Revenue from paid payments, in total and by month.',
    authScopes: admin,
    resolve: (_root, _args, context) => context.services.billing.plans.revenueSummary(viewerOf(context)),
  }),
);

// ---------------------------------------------------------------- the admin's mutations

const PaymentPlanInput = builder.inputType('PaymentPlanInput', {
  description: "A plan's fields; on update only the given ones change (null clears). Validated by the billing service.",
  fields: (t) => ({
    name: t.string(),
    description: t.string(),
    planType: t.field({ type: PlanTypeEnum, description: 'Required on create; cannot change afterwards.' }),
    price: t.string({ description: 'e.g. "19", "19.99" or "$19.99"' }),
    currency: t.string({ description: 'ISO code, usd by default' }),
    billingPeriod: t.field({ type: BillingPeriodEnum, description: 'Subscription plans only (required there).' }),
    botLimit: t.int({ description: 'Subscription plans only; null for unlimited.' }),
    widgetMessagesPerMinute: t.int({
      description: "Subscription plans only: widget messages one bot may answer a minute; null for the platform's default (300).",
    }),
    crawlSchedules: t.field({
      type: [PlanCrawlScheduleEnum],
      description: "Subscription plans only: the re-crawl schedules besides OFF subscribers' websites may use; null or empty for none.",
    }),
    creditAmount: t.int({ description: 'Credit packs only (required there).' }),
    bonusCredits: t.int({ description: 'Credit packs only.' }),
    features: t.stringList({ description: 'At least one.' }),
    stripePriceId: t.string({ description: 'An existing Stripe price (price_...); created on demand when empty.' }),
    isActive: t.boolean(),
    isPopular: t.boolean(),
  }),
});

builder.mutationField('createPaymentPlan', (t) =>
  t.field({
    type: PaymentPlanRef,
    authScopes: admin,
    errors: { types: [ValidationError, ForbiddenError] },
    args: { input: t.arg({ type: PaymentPlanInput, required: true }) },
    resolve: (_root, args, context) => context.services.billing.plans.create(viewerOf(context), args.input),
  }),
);

builder.mutationField('updatePaymentPlan', (t) =>
  t.field({
    type: PaymentPlanRef,
    authScopes: admin,
    errors: { types: [ValidationError, NotFoundError, ForbiddenError] },
    args: { id: t.arg.globalID({ for: [PaymentPlanRef], required: true }), input: t.arg({ type: PaymentPlanInput, required: true }) },
    resolve: (_root, args, context) => context.services.billing.plans.update(viewerOf(context), args.id.id, args.input),
  }),
);

builder.mutationField('togglePaymentPlan', (t) =>
  t.field({
    type: PaymentPlanRef,
    description: 'Activates an inactive plan or deactivates an active one.',
    authScopes: admin,
    errors: { types: [NotFoundError, ForbiddenError] },
    args: { id: t.arg.globalID({ for: [PaymentPlanRef], required: true }) },
    resolve: (_root, args, context) => context.services.billing.plans.toggle(viewerOf(context), args.id.id),
  }),
);

const CreditRateInput = builder.inputType('CreditRateInput', {
  fields: (t) => ({
    usageType: t.string({ description: 'e.g. chat, image' }),
    unitName: t.string({ description: 'e.g. message, 1000_tokens' }),
    costPerUnit: t.float({ description: 'Credits per unit, at least 0, up to 4 decimals' }),
  }),
});

builder.mutationField('createCreditRate', (t) =>
  t.field({
    type: CreditRateRef,
    authScopes: admin,
    errors: { types: [ValidationError, ConflictError, ForbiddenError] },
    args: { input: t.arg({ type: CreditRateInput, required: true }) },
    resolve: (_root, args, context) => context.services.billing.rates.create(viewerOf(context), args.input),
  }),
);

builder.mutationField('updateCreditRate', (t) =>
  t.field({
    type: CreditRateRef,
    authScopes: admin,
    errors: { types: [ValidationError, NotFoundError, ConflictError, ForbiddenError] },
    args: { id: t.arg.globalID({ for: [CreditRateRef], required: true }), input: t.arg({ type: CreditRateInput, required: true }) },
    resolve: (_root, args, context) => context.services.billing.rates.update(viewerOf(context), args.id.id, args.input),
  }),
);

const DeletedCreditRateRef = builder.objectRef<{ deletedId: string }>('DeletedCreditRatePayload').implement({
  authScopes: admin,
  fields: (t) => ({
    deletedId: t.globalID({
      description: 'For Relay @deleteRecord',
      authScopes: admin,
      resolve: (payload) => ({ type: 'CreditRate', id: payload.deletedId }),
    }),
  }),
});

builder.mutationField('deleteCreditRate', (t) =>
  t.field({
    type: DeletedCreditRateRef,
    authScopes: admin,
    errors: { types: [NotFoundError, ForbiddenError] },
    args: { id: t.arg.globalID({ for: [CreditRateRef], required: true }) },
    resolve: async (_root, args, context) => ({
      deletedId: (await context.services.billing.rates.delete(viewerOf(context), args.id.id)).id,
    }),
  }),
);

// ---------------------------------------------------------------- the free trial's settings (admin)

const TrialSettingsRef = builder.objectRef<TrialSettings>('TrialSettings').implement({
  description: 'How long free trials last and how many platform AI credits they come with.',
  authScopes: admin,
  fields: (t) => ({
    trialDays: t.exposeInt('trialDays', { authScopes: admin }),
    trialCredits: t.exposeInt('trialCredits', { description: 'For trials that start from now on.', authScopes: admin }),
  }),
});

builder.queryField('trialSettings', (t) =>
  t.field({
    type: TrialSettingsRef,
    authScopes: admin,
    resolve: (_root, _args, context) => context.services.billing.trials.settingsFor(context.viewer),
  }),
);

builder.mutationField('setTrialCredits', (t) =>
  t.field({
    type: TrialSettingsRef,
    description: 'Sets the credits new free trials come with: a whole number from 0 to 100000.',
    authScopes: admin,
    errors: { types: [ValidationError, ForbiddenError, AuthenticationError] },
    args: { credits: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.billing.trials.setTrialCredits(context.viewer, args.credits),
  }),
);
