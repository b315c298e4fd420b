// Plans' and credit rates' fields as the admin sends them (REST or GraphQL), parsed and checked.
import { z } from 'zod';
import type { BillingPeriod, CrawlSchedule, PaymentPlan, PlanType } from '../../generated/prisma/client.ts';
import { ValidationError, type FieldIssue } from '../../errors.ts';
import { Decimal } from './decimal.ts';
import { BILLING_MESSAGES, BILLING_PERIODS, MAX_WIDGET_MESSAGES_PER_MINUTE, PLAN_CRAWL_SCHEDULES, PLAN_TYPES } from './rules.ts';

const MAX_PRICE = new Decimal(1_000_000);
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

/** The re-crawl schedules a plan allows besides OFF: a list (null clears it), stored once each in a fixed order. */
const crawlSchedulesField = z
  .unknown()
  .optional()
  .transform((value, ctx): CrawlSchedule[] | undefined => {
    if (value === undefined) return undefined;
    if (value === null) return [];
    const known = new Set<string>(PLAN_CRAWL_SCHEDULES);
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string' || !known.has(item.trim().toUpperCase()))) {
      ctx.addIssue({ code: 'custom', message: BILLING_MESSAGES.crawlSchedulesInvalid });
      return z.NEVER;
    }
    const given = new Set((value as string[]).map((item) => item.trim().toUpperCase()));
    return PLAN_CRAWL_SCHEDULES.filter((schedule) => given.has(schedule));
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
  crawlSchedules: crawlSchedulesField,
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
  crawlSchedules: CrawlSchedule[];
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
    crawlSchedules: input.crawlSchedules ?? [],
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
    crawlSchedules: plan.crawlSchedules,
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
    crawlSchedules: pick(edit.crawlSchedules, current.crawlSchedules),
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
 * limit and the re-crawl schedules, like the bot limit, are a subscription plan's (a credit pack is never a customer's current plan). Returns every
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
    if (plan.crawlSchedules.length > 0) {
      issues.push({ path: 'crawlSchedules', message: BILLING_MESSAGES.crawlSchedulesForSubscriptionsOnly });
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

/** Features as the spec's REST answer carries them: one comma-separated text. */
export function featuresText(features: readonly string[]): string {
  return features.join(', ');
}
