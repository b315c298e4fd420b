// The pure rules of billing: plan validation, billing periods, key shape, usage pricing,
// money in minor units and the revenue summary. No I/O here; the service applies them.
import { z } from 'zod';
import type { BillingPeriod, PaymentPlan, PlanType } from '../../generated/prisma/client.ts';
import { ValidationError, type FieldIssue } from '../../errors.ts';
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

// ---------------------------------------------------------------- field parsers shared by REST and GraphQL

const MAX_PRICE = new Decimal(1_000_000);

/** The widget messages a minute one bot may answer when its owner's plan sets none (see `widgetMessagesPerMinute`). */
export const DEFAULT_WIDGET_MESSAGES_PER_MINUTE = 300;
const MAX_WIDGET_MESSAGES_PER_MINUTE = 1_000_000;

/**
 * How many widget messages a minute one bot may answer: its owner's current plan's setting, else the
 * platform's default (an owner without a plan, or a plan that leaves it empty).
 */
export function widgetMessagesPerMinute(plan: { widgetMessagesPerMinute: number | null } | null): number {
  return plan?.widgetMessagesPerMinute ?? DEFAULT_WIDGET_MESSAGES_PER_MINUTE;
}

/** A number as text, for a decimal to parse: a finite number or trimmed text; anything else is "". */
function decimalText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return typeof value === 'string' ? value.trim() : '';
}

/** A plan's price as stored and compared: always two decimals. */
function priceText(price: Decimal): string {
  return price.toFixed(2);
}

/** Accepts 19, "19", "$19.99", " 19.5 $": the spec parses prices after removing the dollar sign. */
const priceField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const text = decimalText(typeof value === 'string' ? value.replace(/\$/g, '') : value);
    if (!/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.priceInvalid });
      return z.NEVER;
    }
    const price = new Decimal(text);
    if (price.lte(0)) ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.pricePositive });
    else if (price.decimalPlaces() > 2) ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.priceDecimals });
    else if (price.gt(MAX_PRICE)) ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.priceTooHigh });
    return priceText(price);
  });

/**
 * A field an edit may clear: left out (undefined) it is not given, null or blank text clears it,
 * anything else is what `parse` makes of it (undefined when it cannot: refused with `message`).
 */
function clearableField<T>(message: string, parse: (value: unknown) => T | undefined) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): T | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const parsed = parse(value);
      if (parsed === undefined) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed;
    });
}

/** A whole number from a number or a digit string, within [min, max]. */
function wholeNumberField(message: string, min: number, max: number) {
  return clearableField(message, (value) => {
    const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
    return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
  });
}

const botLimitField = wholeNumberField(BILLING_MESSAGES.botLimitInvalid, 1, 100_000);
const widgetLimitField = wholeNumberField(BILLING_MESSAGES.widgetLimitInvalid, 1, MAX_WIDGET_MESSAGES_PER_MINUTE);
const creditAmountField = wholeNumberField(BILLING_MESSAGES.creditAmountInvalid, 1, 100_000_000);
const bonusCreditsField = wholeNumberField(BILLING_MESSAGES.bonusCreditsInvalid, 0, 100_000_000);

const billingPeriodField = clearableField(BILLING_MESSAGES.billingPeriodInvalid, (value) => {
  const period = typeof value === 'string' ? value.trim().toLowerCase() : value;
  return BILLING_PERIODS.find((known) => known === period);
});

/** Features arrive as a list or as the spec's comma-separated text; blanks are dropped. */
const featuresField = z
  .unknown()
  .optional()
  .transform((value, ctx): string[] | undefined => {
    if (value === undefined) return undefined;
    const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : null;
    if (!items || items.some((item) => typeof item !== 'string')) {
      ctx.addIssue({ code: 'custom', message: 'Features must be a list of text or comma-separated text' });
      return z.NEVER;
    }
    const features = (items as string[]).map((item) => item.trim()).filter((item) => item !== '');
    if (features.length > 30) ctx.addIssue({ code: 'custom', message: 'A plan can list at most 30 features' });
    if (features.some((feature) => feature.length > 200))
      ctx.addIssue({ code: 'custom', message: 'Each feature must be at most 200 characters' });
    return features;
  });

export const planTypeField = z.enum(PLAN_TYPES, { error: BILLING_MESSAGES.planTypeInvalid });

const currencyField = z
  .string({ error: BILLING_MESSAGES.currencyInvalid })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}$/, { error: BILLING_MESSAGES.currencyInvalid });

const priceIdField = clearableField(BILLING_MESSAGES.priceIdInvalid, (value) =>
  typeof value === 'string' && /^price_[A-Za-z0-9_]{1,250}$/.test(value.trim()) ? value.trim() : undefined,
);

const nameField = z
  .string({ error: BILLING_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: BILLING_MESSAGES.nameRequired })
  .max(100, { error: 'Plan name must be at most 100 characters' });

const descriptionField = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(1000, { error: 'Description must be at most 1000 characters' })
  .nullish()
  .transform((value) => (value === null ? '' : value));

/**
 * A field that cannot be cleared, where null means "not given": GraphQL input fields are nullable,
 * so a client may send null for a field it leaves as it is.
 */
function unchangedWhenNull<Field extends z.ZodType>(field: Field) {
  return field.nullish().transform((value) => value ?? undefined);
}

const flagField = unchangedWhenNull(z.boolean({ error: 'Must be true or false' }));

/** An id naming a plan or a rate, `name` saying which in the messages. */
export function idField(name: string) {
  return z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(100, { error: `${name} is invalid` });
}

/** A new plan (the spec's POST /admin/payment-plans/ body, by the domain's names). */
export const createPlanInput = z.object({
  name: nameField,
  description: descriptionField,
  planType: planTypeField,
  price: priceField,
  currency: currencyField.optional(),
  billingPeriod: billingPeriodField,
  botLimit: botLimitField,
  widgetMessagesPerMinute: widgetLimitField,
  creditAmount: creditAmountField,
  bonusCredits: bonusCreditsField,
  features: featuresField,
  stripePriceId: priceIdField,
  isActive: flagField,
  isPopular: flagField,
});

/** An edit of a plan: any subset of its fields; the result must still satisfy the plan rules. */
export const editPlanInput = createPlanInput.partial();

/** A plan as stored, before it is written: what the cross-field rules look at. */
export interface PlanDraft {
  name: string;
  description: string;
  type: PlanType;
  price: string;
  currency: string;
  billingPeriod: BillingPeriod | null;
  botLimit: number | null;
  widgetMessagesPerMinute: number | null;
  creditAmount: number | null;
  bonusCredits: number;
  features: string[];
  stripePriceId: string | null;
  isActive: boolean;
  isPopular: boolean;
}

export function draftFromCreateInput(input: z.infer<typeof createPlanInput>): PlanDraft {
  return {
    name: input.name,
    description: input.description ?? '',
    type: input.planType,
    price: input.price,
    currency: input.currency ?? 'usd',
    billingPeriod: input.billingPeriod ?? null,
    botLimit: input.botLimit ?? null,
    widgetMessagesPerMinute: input.widgetMessagesPerMinute ?? null,
    creditAmount: input.creditAmount ?? null,
    bonusCredits: input.bonusCredits ?? 0,
    features: input.features ?? [],
    stripePriceId: input.stripePriceId ?? null,
    isActive: input.isActive ?? true,
    isPopular: input.isPopular ?? false,
  };
}

/** A stored plan as a draft, for an edit to apply to. */
export function draftOf(plan: PaymentPlan): PlanDraft {
  return {
    name: plan.name,
    description: plan.description,
    type: plan.type,
    price: priceText(plan.price),
    currency: plan.currency,
    billingPeriod: plan.billingPeriod,
    botLimit: plan.botLimit,
    widgetMessagesPerMinute: plan.widgetMessagesPerMinute,
    creditAmount: plan.creditAmount,
    bonusCredits: plan.bonusCredits,
    features: plan.features,
    stripePriceId: plan.stripePriceId,
    isActive: plan.isActive,
    isPopular: plan.isPopular,
  };
}

/** The stored plan with the edit applied (fields left out keep their value; null clears a nullable one). */
export function draftWithEdit(current: PlanDraft, edit: z.infer<typeof editPlanInput>): PlanDraft {
  const pick = <T>(next: T | undefined, previous: T): T => (next === undefined ? previous : next);
  return {
    name: pick(edit.name, current.name),
    description: pick(edit.description, current.description),
    type: current.type,
    price: pick(edit.price, current.price),
    currency: pick(edit.currency, current.currency),
    billingPeriod: pick(edit.billingPeriod, current.billingPeriod),
    botLimit: pick(edit.botLimit, current.botLimit),
    widgetMessagesPerMinute: pick(edit.widgetMessagesPerMinute, current.widgetMessagesPerMinute),
    creditAmount: pick(edit.creditAmount, current.creditAmount),
    bonusCredits: edit.bonusCredits === null ? 0 : pick(edit.bonusCredits, current.bonusCredits),
    features: pick(edit.features, current.features),
    stripePriceId: pick(edit.stripePriceId, current.stripePriceId),
    isActive: pick(edit.isActive, current.isActive),
    isPopular: pick(edit.isPopular, current.isPopular),
  };
}

/**
 * The spec's cross-field rules: billing period and bot limit for subscriptions only, credit amount
 * (and bonus) for credit packs only, at least one feature; the widget's message limit, like the bot
 * limit, is a subscription plan's (a credit pack is never a customer's current plan). Returns every
 * problem, first one first.
 */
export function planIssues(plan: PlanDraft): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (plan.type === 'subscription') {
    if (!plan.billingPeriod) issues.push({ path: 'billingPeriod', message: BILLING_MESSAGES.subscriptionNeedsPeriod });
    if (plan.creditAmount !== null) issues.push({ path: 'creditAmount', message: BILLING_MESSAGES.creditAmountForCreditPlansOnly });
    if (plan.bonusCredits !== 0) issues.push({ path: 'bonusCredits', message: BILLING_MESSAGES.bonusForCreditPlansOnly });
  } else {
    if (plan.billingPeriod) issues.push({ path: 'billingPeriod', message: BILLING_MESSAGES.periodForSubscriptionsOnly });
    if (plan.botLimit !== null) issues.push({ path: 'botLimit', message: BILLING_MESSAGES.botLimitForSubscriptionsOnly });
    if (plan.widgetMessagesPerMinute !== null) {
      issues.push({ path: 'widgetMessagesPerMinute', message: BILLING_MESSAGES.widgetLimitForSubscriptionsOnly });
    }
    if (plan.creditAmount === null) issues.push({ path: 'creditAmount', message: BILLING_MESSAGES.creditPlanNeedsAmount });
  }
  if (plan.features.length === 0) issues.push({ path: 'features', message: BILLING_MESSAGES.featuresRequired });
  return issues;
}

export function assertValidPlan(plan: PlanDraft): PlanDraft {
  const issues = planIssues(plan);
  if (issues.length > 0) throw new ValidationError(issues[0]!.message, issues);
  return plan;
}

// ---------------------------------------------------------------- credit rates

const usageTypeField = z
  .string({ error: BILLING_MESSAGES.usageTypeInvalid })
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9_-]{0,49}$/, { error: BILLING_MESSAGES.usageTypeInvalid });

const unitNameField = z
  .string({ error: BILLING_MESSAGES.unitNameInvalid })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,49}$/, { error: BILLING_MESSAGES.unitNameInvalid });

const costField = z
  .unknown()
  .optional()
  .transform((value, ctx) => {
    const text = decimalText(value);
    const cost = /^\d+(\.\d+)?$/.test(text) ? new Decimal(text) : null;
    if (!cost || cost.decimalPlaces() > 4 || cost.gte(100_000_000)) {
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.costInvalid });
      return z.NEVER;
    }
    return cost.toFixed(4);
  });

export const createRateInput = z.object({ usageType: usageTypeField, unitName: unitNameField, costPerUnit: costField });

/** A rate's edit: every field of a rate is required, so one left out (or null) keeps its value. */
export const updateRateInput = z.object({
  usageType: unchangedWhenNull(usageTypeField),
  unitName: unchangedWhenNull(unitNameField),
  costPerUnit: unchangedWhenNull(costField),
});

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

// ---------------------------------------------------------------- money

/** ISO currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** The decimals a currency is counted in: 2 (cents), or 0 for the currencies Stripe counts whole. */
function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.toLowerCase()) ? 0 : 2;
}

/** 19.99 USD -> 1999 (Stripe's integer amounts). */
export function toMinorUnits(amount: Decimal | string | number, currency: string): number {
  return new Decimal(amount)
    .mul(10 ** currencyDecimals(currency))
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
}

export function fromMinorUnits(amount: number, currency: string): Decimal {
  return new Decimal(amount).div(10 ** currencyDecimals(currency));
}

/** An amount in billing's messages and the admin's event log: `19.00 USD`. */
export function formatMoney(amount: Decimal | string | number, currency: string): string {
  return `${new Decimal(amount).toFixed(currencyDecimals(currency))} ${currency.toUpperCase()}`;
}

// ---------------------------------------------------------------- revenue

export interface MonthlyRevenueRow {
  year: number;
  month: number;
  revenue: Decimal | string | number;
}

export interface RevenueSummary {
  totalRevenue: number;
  monthlyBreakdown: { year: number; month: number; revenue: number }[];
}

/**
 * Totals paid revenue and lists it by month, oldest first, from the first month with revenue up to
 * the current month, with 0 for months without payments: the admin compares the last two months.
 */
export function summarizeRevenue(rows: readonly MonthlyRevenueRow[], now: Date): RevenueSummary {
  const byMonth = new Map<number, Decimal>();
  for (const row of rows) {
    const key = row.year * 12 + (row.month - 1);
    byMonth.set(key, (byMonth.get(key) ?? new Decimal(0)).add(new Decimal(row.revenue)));
  }
  if (byMonth.size === 0) return { totalRevenue: 0, monthlyBreakdown: [] };
  const first = Math.min(...byMonth.keys());
  const last = Math.max(now.getUTCFullYear() * 12 + now.getUTCMonth(), ...byMonth.keys());
  const monthlyBreakdown: RevenueSummary['monthlyBreakdown'] = [];
  let total = new Decimal(0);
  for (let key = first; key <= last; key++) {
    const revenue = byMonth.get(key) ?? new Decimal(0);
    total = total.add(revenue);
    monthlyBreakdown.push({ year: Math.floor(key / 12), month: (key % 12) + 1, revenue: revenue.toDecimalPlaces(2).toNumber() });
  }
  return { totalRevenue: total.toDecimalPlaces(2).toNumber(), monthlyBreakdown };
}

/** Features as the spec's REST answer carries them: one comma-separated text. */
export function featuresText(features: readonly string[]): string {
  return features.join(', ');
}
