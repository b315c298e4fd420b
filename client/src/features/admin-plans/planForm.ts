// The rules of the plan dialogs, apart from any screen: a draft as typed, what is wrong with it,
// and the mutation input it becomes.

export const PLAN_TYPES = ['subscription', 'credit'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const BILLING_PERIODS = ['month', 'week', 'year'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
/** The re-crawl schedules a subscription plan may allow its subscribers' websites (OFF is everyone's). */
export const PLAN_CRAWL_SCHEDULES = ['DAILY', 'WEEKLY'] as const;
export type PlanCrawlSchedule = (typeof PLAN_CRAWL_SCHEDULES)[number];

/** The fields a plan dialog shows; server issues about other paths show above the form. */
export const PLAN_FIELDS = [
  'name',
  'description',
  'price',
  'billingPeriod',
  'botLimit',
  'widgetMessagesPerMinute',
  'creditAmount',
  'features',
  'stripePriceId',
] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];

/** A plan as typed in a dialog: every number is still text. */
export interface PlanDraft {
  name: string;
  description: string;
  planType: PlanType;
  price: string;
  billingPeriod: BillingPeriod;
  botLimit: string;
  /** Widget messages one bot may answer a minute; empty for the platform's default. */
  widgetMessagesPerMinute: string;
  /** The re-crawl schedules allowed, in PLAN_CRAWL_SCHEDULES order. */
  crawlSchedules: PlanCrawlSchedule[];
  creditAmount: string;
  /** One input per feature; at least one input always stays. */
  features: string[];
  stripePriceId: string;
}

export type PlanProblem =
  'nameRequired' | 'priceInvalid' | 'botLimitInvalid' | 'widgetLimitInvalid' | 'creditAmountInvalid' | 'featuresRequired';

/** The platform's widget messages per bot and minute, for a plan that leaves its own empty (the server's default). */
export const DEFAULT_WIDGET_MESSAGES_PER_MINUTE = 300;
/** The most widget messages a minute a plan may let one bot answer (the server's bound). */
export const MAX_WIDGET_MESSAGES_PER_MINUTE = 1_000_000;

export const newPlanDraft = (): PlanDraft => ({
  name: '',
  description: '',
  planType: 'subscription',
  price: '',
  billingPeriod: 'month',
  botLimit: '',
  widgetMessagesPerMinute: '',
  crawlSchedules: [],
  creditAmount: '',
  features: [''],
  stripePriceId: '',
});

/** The plan as stored, turned back into a draft for the edit dialog. */
export function draftOfPlan(plan: {
  name: string;
  description: string;
  type: string;
  price: number;
  billingPeriod: string | null | undefined;
  botLimit: number | null | undefined;
  widgetMessagesPerMinute?: number | null;
  crawlSchedules?: readonly string[];
  creditAmount: number | null | undefined;
  features: readonly string[];
  stripePriceId?: string | null;
}): PlanDraft {
  return {
    name: plan.name,
    description: plan.description,
    planType: plan.type === 'credit' ? 'credit' : 'subscription',
    price: String(plan.price),
    billingPeriod: BILLING_PERIODS.find((period) => period === plan.billingPeriod) ?? 'month',
    botLimit: plan.botLimit == null ? '' : String(plan.botLimit),
    widgetMessagesPerMinute: plan.widgetMessagesPerMinute == null ? '' : String(plan.widgetMessagesPerMinute),
    crawlSchedules: PLAN_CRAWL_SCHEDULES.filter((schedule) => plan.crawlSchedules?.includes(schedule)),
    creditAmount: plan.creditAmount == null ? '' : String(plan.creditAmount),
    features: plan.features.length > 0 ? [...plan.features] : [''],
    stripePriceId: plan.stripePriceId ?? '',
  };
}

/** The price as a number, parsed after removing a dollar sign; null unless it is a number above 0. */
export function parsePrice(text: string): number | null {
  const cleaned = text.replace(/\$/g, '').trim();
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(cleaned)) return null;
  const price = Number(cleaned);
  return price > 0 ? price : null;
}

/** A whole number of at least 1; '' is `empty`, anything else undefined (not a valid entry). */
function parseCount<Empty>(text: string, empty: Empty): number | Empty | undefined {
  const cleaned = text.trim();
  if (cleaned === '') return empty;
  if (!/^\d+$/.test(cleaned)) return undefined;
  const count = Number(cleaned);
  return count >= 1 ? count : undefined;
}

/** The bot limit: a whole number, or null (unlimited) when left empty; undefined when invalid. */
export const parseBotLimit = (text: string) => parseCount(text, null);

/** Widget messages a minute: a whole number up to a million, or null (the platform's default) when left empty; undefined when invalid. */
export function parseWidgetLimit(text: string): number | null | undefined {
  const limit = parseCount(text, null);
  return typeof limit === 'number' && limit > MAX_WIDGET_MESSAGES_PER_MINUTE ? undefined : limit;
}

const featuresOf = (draft: PlanDraft) => draft.features.map((feature) => feature.trim()).filter((feature) => feature !== '');

/** What is wrong with a draft, by field (empty when it can be sent). */
export function problemsOf(draft: PlanDraft): Partial<Record<PlanField, PlanProblem>> {
  const problems: Partial<Record<PlanField, PlanProblem>> = {};
  if (draft.name.trim() === '') problems.name = 'nameRequired';
  if (parsePrice(draft.price) === null) problems.price = 'priceInvalid';
  if (draft.planType === 'subscription' && parseBotLimit(draft.botLimit) === undefined) problems.botLimit = 'botLimitInvalid';
  if (draft.planType === 'subscription' && parseWidgetLimit(draft.widgetMessagesPerMinute) === undefined) {
    problems.widgetMessagesPerMinute = 'widgetLimitInvalid';
  }
  if (draft.planType === 'credit' && typeof parseCount(draft.creditAmount, undefined) !== 'number') {
    problems.creditAmount = 'creditAmountInvalid';
  }
  if (featuresOf(draft).length === 0) problems.features = 'featuresRequired';
  return problems;
}

/**
 * The fields both dialogs send: the bot limit, the widget messages a minute and the re-crawl schedules
 * for subscription plans only, the credit amount for credit plans only.
 */
function commonInput(draft: PlanDraft) {
  const subscription = draft.planType === 'subscription';
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    price: String(parsePrice(draft.price)),
    features: featuresOf(draft),
    ...(subscription
      ? {
          botLimit: parseBotLimit(draft.botLimit) ?? null,
          widgetMessagesPerMinute: parseWidgetLimit(draft.widgetMessagesPerMinute) ?? null,
          crawlSchedules: draft.crawlSchedules,
        }
      : { creditAmount: parseCount(draft.creditAmount, null) ?? null }),
  };
}

/** A new plan: its type, and the billing period for subscription plans only. */
export function createInput(draft: PlanDraft) {
  const stripePriceId = draft.stripePriceId.trim();
  return {
    ...commonInput(draft),
    planType: draft.planType,
    ...(draft.planType === 'subscription' ? { billingPeriod: draft.billingPeriod } : {}),
    ...(stripePriceId ? { stripePriceId } : {}),
  };
}

/** An edit: the fields the spec's edit call sends (name, price, description, features, bot limit or credit amount), the widget limit and the re-crawl schedules. */
export const editInput = (draft: PlanDraft) => commonInput(draft);
