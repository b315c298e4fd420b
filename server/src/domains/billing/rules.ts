// The decisions of billing: billing mode, widget and bot allowances, usage pricing, billing periods and
// the key shape. No I/O here; the services apply them. (Input parsing: priceListInput.ts; money: money.ts.)
import type { BillingPeriod, CrawlSchedule, PlanType } from '../../generated/prisma/client.ts';
import { Decimal } from './decimal.ts';
import { billingErrors } from './errors.ts';

/** What one credit is worth on the platform's own AI service (spec: $0.02 per message at 1 credit a message). */
export const CREDIT_VALUE_USD = 0.02;

/** Used when the admin has not set a rate for a chat message (the seeded default: chat, per message, 1 credit). */
const DEFAULT_CREDIT_RATES = [{ usageType: 'chat', unitName: 'message', costPerUnit: new Decimal(1) }] as const;

/** The unit a usage is counted in when the caller does not say. */
export const DEFAULT_USAGE_UNIT = 'message';

export const PLAN_TYPES = ['subscription', 'credit'] as const satisfies readonly PlanType[];
export const BILLING_PERIODS = ['week', 'month', 'year'] as const satisfies readonly BillingPeriod[];
/** The re-crawl schedules a plan may allow; OFF is everyone's. */
export const PLAN_CRAWL_SCHEDULES = ['DAILY', 'WEEKLY'] as const satisfies readonly CrawlSchedule[];
/** Every schedule a website or data tool may have, OFF first. */
export const CRAWL_SCHEDULES = ['OFF', ...PLAN_CRAWL_SCHEDULES] as const satisfies readonly CrawlSchedule[];
/** The time between two scheduled runs. */
export const SCHEDULE_PERIOD_MS: Record<(typeof PLAN_CRAWL_SCHEDULES)[number], number> = { DAILY: 86_400_000, WEEKLY: 7 * 86_400_000 };

/**
 * The schedules a customer's websites and data tools may use: OFF, and those of their paid
 * subscription's plan. Anyone else (credits, the trial, no plan) syncs by hand: scheduled runs spend
 * unattended.
 */
export function allowedSchedulesOf(paidPlan: { crawlSchedules: readonly CrawlSchedule[] } | null): CrawlSchedule[] {
  return CRAWL_SCHEDULES.filter((schedule) => schedule === 'OFF' || paidPlan?.crawlSchedules.includes(schedule));
}

/** A customer's billing mode: credits until they choose otherwise (no settings row yet). */
export function billingModeOf(settings: { planType: PlanType } | null): PlanType {
  return settings?.planType ?? 'credit';
}

// The spec's clients read these as the REST `detail`: a few name the REST fields they are about.
export const BILLING_MESSAGES = {
  planTypeRequired: 'plan_type is required',
  planTypeInvalid: 'Plan type must be "credit" or "subscription"',
  apiKeyRequired: 'api_key is required',
  apiKeyNotText: 'api_key must be text',
  apiKeyInvalid:
    'Enter a valid API key: an OpenAI key ("sk-...") or an Anthropic key ("sk-ant-..."), with at least 20 letters, digits, "-" or "_" after "sk-"',
  nameRequired: 'Plan name is required',
  priceInvalid: 'Price must be a number, for example 19 or $19.99',
  pricePositive: 'Price must be greater than 0',
  priceDecimals: 'Price can have at most 2 decimal places',
  priceTooHigh: 'Price must be at most 1,000,000',
  botLimitInvalid: 'Bot limit must be a whole number of at least 1, or empty for unlimited',
  widgetLimitInvalid: "Widget messages per minute must be a whole number from 1 to 1,000,000, or empty for the platform's default",
  creditAmountInvalid: 'Credit amount must be a whole number of at least 1',
  bonusCreditsInvalid: 'Bonus credits must be a whole number of at least 0',
  billingPeriodInvalid: 'Billing period must be week, month or year',
  featuresRequired: 'Add at least one feature',
  subscriptionNeedsPeriod: 'Subscription plans need a billing period: week, month or year',
  periodForSubscriptionsOnly: 'Billing period applies to subscription plans only',
  botLimitForSubscriptionsOnly: 'Bot limit applies to subscription plans only',
  widgetLimitForSubscriptionsOnly: 'Widget messages per minute apply to subscription plans only',
  crawlSchedulesInvalid: 'Re-crawl schedules must be a list of DAILY and WEEKLY',
  crawlSchedulesForSubscriptionsOnly: 'Re-crawl schedules apply to subscription plans only',
  creditPlanNeedsAmount: 'Credit plans need a credit amount of at least 1',
  creditAmountForCreditPlansOnly: 'Credit amount applies to credit plans only',
  bonusForCreditPlansOnly: 'Bonus credits apply to credit plans only',
  planTypeFixed: "A plan's type cannot be changed; create a new plan instead",
  currencyInvalid: 'Currency must be a three-letter ISO code, for example usd',
  priceIdInvalid: 'The Stripe price id must look like price_...',
  usageTypeInvalid: 'Usage type must be lower-case letters, digits, "_" or "-", for example chat',
  unitNameInvalid: 'Unit name must be letters, digits, "_", "-" or ".", for example 1000_tokens',
  costInvalid: 'Cost per unit must be a number of at least 0 with at most 4 decimal places',
  unitsInvalid: 'Units must be a number greater than 0',
} as const;

// ---------------------------------------------------------------- allowances

/** The widget messages a minute one bot may answer when its owner's plan sets none (see `widgetMessagesPerMinute`). */
export const DEFAULT_WIDGET_MESSAGES_PER_MINUTE = 300;
export const MAX_WIDGET_MESSAGES_PER_MINUTE = 1_000_000;

/**
 * How many widget messages a minute one bot may answer: its owner's current plan's setting, else the
 * platform's default (an owner without a plan, or a plan that leaves it empty).
 */
export function widgetMessagesPerMinute(plan: { widgetMessagesPerMinute: number | null } | null): number {
  return plan?.widgetMessagesPerMinute ?? DEFAULT_WIDGET_MESSAGES_PER_MINUTE;
}

export type BotAllowance = { kind: 'none' } | { kind: 'limited'; limit: number } | { kind: 'unlimited' };

/** What decides how many bots a customer may own. A plan's bot limit is null for unlimited. */
export interface BotStanding {
  mode: 'credit' | 'subscription';
  /** The paid active subscription's bot limit; undefined without one. */
  paidPlanLimit?: number | null;
  /** Credits ever bought or granted (total_credits > 0). */
  hasCredits: boolean;
  /** The running free trial's plan bot limit; undefined without a running trial. */
  trialPlanLimit?: number | null;
}

const limitOf = (limit: number | null): BotAllowance => (limit === null ? { kind: 'unlimited' } : { kind: 'limited', limit });

/**
 * How many bots a customer may own, paid standing first: in subscription mode the paid plan's
 * bot_limit; in credit mode no cap once the customer has credits (else the paid plan's limit, if they
 * pay for one). Without either, a running free trial gives its plan's bot_limit; after it, none.
 */
export function allowanceOf(standing: BotStanding): BotAllowance {
  const { paidPlanLimit, trialPlanLimit } = standing;
  if (standing.mode === 'subscription' && paidPlanLimit !== undefined) return limitOf(paidPlanLimit);
  if (standing.mode === 'credit' && standing.hasCredits) return { kind: 'unlimited' };
  if (paidPlanLimit !== undefined) return limitOf(paidPlanLimit);
  if (trialPlanLimit !== undefined) return limitOf(trialPlanLimit);
  return { kind: 'none' };
}

// ---------------------------------------------------------------- usage pricing

export interface RateLike {
  usageType: string;
  unitName: string;
  costPerUnit: Decimal;
}

export interface UsageQuantity {
  usageType: string;
  /** The unit the quantity is counted in; `message` when left out. */
  unitName?: string;
  units: number;
}

/**
 * Credits a usage costs: the matching rate's cost per unit times the units, rounded up to the
 * ledger's 4 decimals (never undercharged). A chat message without a stored rate costs the default 1.
 */
export function priceUsage(rates: readonly RateLike[], usage: UsageQuantity): Decimal {
  if (!Number.isFinite(usage.units) || usage.units <= 0) throw billingErrors.invalidUsage(BILLING_MESSAGES.unitsInvalid);
  const unitName = usage.unitName ?? DEFAULT_USAGE_UNIT;
  const matches = (rate: RateLike) => rate.usageType === usage.usageType && rate.unitName === unitName;
  const rate = rates.find(matches) ?? DEFAULT_CREDIT_RATES.find(matches);
  if (!rate) throw billingErrors.noCreditRate(usage.usageType, unitName);
  return new Decimal(rate.costPerUnit).mul(usage.units).toDecimalPlaces(4, Decimal.ROUND_UP);
}

// ---------------------------------------------------------------- subscriptions

/**
 * The end of one billing period started at `from`, in UTC: a week is 7 days; months and years keep
 * the day of the month, clamped to the last day of a shorter month (Jan 31 + 1 month = Feb 28/29).
 */
export function addBillingPeriod(from: Date, period: BillingPeriod, count = 1): Date {
  if (period === 'week') return new Date(from.getTime() + count * 7 * 86_400_000);
  const months = (period === 'month' ? 1 : 12) * count;
  const monthIndex = from.getUTCMonth() + months;
  const year = from.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** A renewal extends from the current end when it is still ahead, from now when it has lapsed. */
export function renewedExpiry(currentExpiry: Date, now: Date, period: BillingPeriod): Date {
  return addBillingPeriod(currentExpiry > now ? currentExpiry : now, period);
}

// ---------------------------------------------------------------- the customer's own AI key

/**
 * Exactly the keys the chat's model adapter (platform/llm) can use: Anthropic's `sk-ant-...`, answered
 * by Anthropic's Messages API, and OpenAI's `sk-...` and `sk-proj-...`, answered by the platform's
 * OpenAI-compatible endpoint. Any other key is refused when saved rather than failing at the first chat.
 */
const API_KEY_PATTERN = /^sk-[A-Za-z0-9_-]{20,250}$/;

export function isValidApiKeyShape(key: string): boolean {
  return API_KEY_PATTERN.test(key);
}
