import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { Decimal } from './decimal.ts';
import { formatMoney, fromMinorUnits, toMinorUnits } from './money.ts';
import {
  assertValidPlan,
  createPlanInput,
  createRateInput,
  draftFromCreateInput,
  draftWithEdit,
  editPlanInput,
  featuresText,
  type PlanDraft,
  planIssues,
  updateRateInput,
} from './priceListInput.ts';
import { summarizeRevenue } from './revenue.ts';
import { addBillingPeriod, BILLING_MESSAGES, isValidApiKeyShape, priceUsage, renewedExpiry, widgetMessagesPerMinute } from './rules.ts';

const subscriptionPlan = {
  name: 'Starter',
  planType: 'subscription',
  price: '9',
  billingPeriod: 'month',
  botLimit: 3,
  features: ['Up to 3 chatbots'],
};
const creditPack = { name: '500 credits', planType: 'credit', price: 10, creditAmount: 500, features: '500 messages' };

function validateCreate(input: Record<string, unknown>): PlanDraft {
  return assertValidPlan(draftFromCreateInput(parseInput(createPlanInput, input)));
}

function firstError(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

describe('plan validation', () => {
  it.each([
    ['"$19.99"', { price: '$19.99' }, '19.99'],
    ['"19.99$"', { price: '19.99$' }, '19.99'],
    ['" $ 5 "', { price: ' $ 5 ' }, '5.00'],
    ['12.5 (a number)', { price: 12.5 }, '12.50'],
    ['"1000000"', { price: '1000000' }, '1000000.00'],
  ])('parses the price %s', (_case, override, stored) => {
    expect(validateCreate({ ...subscriptionPlan, ...override }).price).toBe(stored);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no name', { name: '  ' }, BILLING_MESSAGES.nameRequired],
    ['an unknown type', { planType: 'lifetime' }, BILLING_MESSAGES.planTypeInvalid],
    ['a text price', { price: 'nineteen' }, BILLING_MESSAGES.priceInvalid],
    ['a missing price', { price: undefined }, BILLING_MESSAGES.priceInvalid],
    ['a zero price', { price: '$0' }, BILLING_MESSAGES.pricePositive],
    ['a negative price', { price: -5 }, BILLING_MESSAGES.pricePositive],
    ['three decimals', { price: '9.999' }, BILLING_MESSAGES.priceDecimals],
    ['a decimal comma', { price: '9,99' }, BILLING_MESSAGES.priceInvalid],
    ['a huge price', { price: '1000000.01' }, BILLING_MESSAGES.priceTooHigh],
    ['a fractional bot limit', { botLimit: 2.5 }, BILLING_MESSAGES.botLimitInvalid],
    ['a zero bot limit', { botLimit: 0 }, BILLING_MESSAGES.botLimitInvalid],
    ['a text bot limit', { botLimit: 'many' }, BILLING_MESSAGES.botLimitInvalid],
    ['an unknown period', { billingPeriod: 'day' }, BILLING_MESSAGES.billingPeriodInvalid],
    ['no period', { billingPeriod: undefined }, BILLING_MESSAGES.subscriptionNeedsPeriod],
    ['a credit amount', { creditAmount: 100 }, BILLING_MESSAGES.creditAmountForCreditPlansOnly],
    ['bonus credits', { bonusCredits: 5 }, BILLING_MESSAGES.bonusForCreditPlansOnly],
    ['no features', { features: [] }, BILLING_MESSAGES.featuresRequired],
    ['only blank features', { features: ' , ,' }, BILLING_MESSAGES.featuresRequired],
    ['features of the wrong type', { features: 42 }, 'Features must be a list of text or comma-separated text'],
    ['a bad currency', { currency: 'dollars' }, BILLING_MESSAGES.currencyInvalid],
    ['a bad Stripe price id', { stripePriceId: 'prod_123' }, BILLING_MESSAGES.priceIdInvalid],
  ])('refuses a subscription plan with %s', (_case, override, message) => {
    expect(firstError(() => validateCreate({ ...subscriptionPlan, ...override }))).toBe(message);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['no credit amount', { creditAmount: undefined }, BILLING_MESSAGES.creditPlanNeedsAmount],
    ['a zero credit amount', { creditAmount: 0 }, BILLING_MESSAGES.creditAmountInvalid],
    ['a billing period', { billingPeriod: 'month' }, BILLING_MESSAGES.periodForSubscriptionsOnly],
    ['a bot limit', { botLimit: 3 }, BILLING_MESSAGES.botLimitForSubscriptionsOnly],
    ['negative bonus credits', { bonusCredits: -1 }, BILLING_MESSAGES.bonusCreditsInvalid],
  ])('refuses a credit pack with %s', (_case, override, message) => {
    expect(firstError(() => validateCreate({ ...creditPack, ...override }))).toBe(message);
  });

  it.each<[string, Record<string, unknown>, Partial<PlanDraft>]>([
    ['empty bot limit means unlimited', { botLimit: '' }, { botLimit: null }],
    ['null bot limit means unlimited', { botLimit: null }, { botLimit: null }],
    ['a digit-string bot limit', { botLimit: '15' }, { botLimit: 15 }],
    ['comma-separated features', { features: 'A, B ,, C' }, { features: ['A', 'B', 'C'] }],
    ['an upper-case currency and period', { currency: 'EUR', billingPeriod: 'Year' }, { currency: 'eur', billingPeriod: 'year' }],
    ['defaults', {}, { currency: 'usd', isActive: true, isPopular: false, description: '', creditAmount: null, bonusCredits: 0 }],
  ])('accepts a subscription plan with %s', (_case, override, expected) => {
    expect(validateCreate({ ...subscriptionPlan, ...override })).toMatchObject(expected);
  });

  it('accepts a credit pack with its bonus and without period or bot limit', () => {
    expect(validateCreate({ ...creditPack, bonusCredits: '50', billingPeriod: '', botLimit: null })).toMatchObject({
      type: 'credit',
      price: '10.00',
      creditAmount: 500,
      bonusCredits: 50,
      billingPeriod: null,
      botLimit: null,
      features: ['500 messages'],
    });
  });

  it.each<[string, Record<string, unknown>, string | Partial<PlanDraft>]>([
    ['a new price and name', { price: '$29', name: 'Starter+' }, { price: '29.00', name: 'Starter+' }],
    ['cleared bot limit', { botLimit: null }, { botLimit: null }],
    ['nothing at all', {}, { price: '9.00', botLimit: 3 }],
    ['no features left', { features: '' }, BILLING_MESSAGES.featuresRequired],
    ['a credit amount on a subscription', { creditAmount: 10 }, BILLING_MESSAGES.creditAmountForCreditPlansOnly],
    ['a cleared billing period', { billingPeriod: null }, BILLING_MESSAGES.subscriptionNeedsPeriod],
    ['flags sent as null (GraphQL leaves them so)', { isActive: null, isPopular: null }, { isActive: true, isPopular: false }],
    ['a flag turned off', { isActive: false }, { isActive: false }],
  ])('edits a subscription plan with %s', (_case, edit, expected) => {
    const stored = validateCreate(subscriptionPlan);
    const run = () => assertValidPlan(draftWithEdit(stored, parseInput(editPlanInput, edit)));
    if (typeof expected === 'string') expect(firstError(run)).toBe(expected);
    else expect(run()).toMatchObject(expected);
  });

  it.each<[string, unknown, number | null | string]>([
    ['a whole number', 600, 600],
    ['a digit string', ' 1200 ', 1200],
    ['the lowest, 1', 1, 1],
    ['the highest, 1,000,000', 1_000_000, 1_000_000],
    ['null: the platform default', null, null],
    ['blank text: the platform default', '  ', null],
    ['zero', 0, BILLING_MESSAGES.widgetLimitInvalid],
    ['a negative number', -300, BILLING_MESSAGES.widgetLimitInvalid],
    ['a fraction', 2.5, BILLING_MESSAGES.widgetLimitInvalid],
    ['more than a million', 1_000_001, BILLING_MESSAGES.widgetLimitInvalid],
    ['words', 'lots', BILLING_MESSAGES.widgetLimitInvalid],
    ['a boolean', true, BILLING_MESSAGES.widgetLimitInvalid],
  ])('takes widget messages per minute as %s', (_case, value, expected) => {
    const run = () => validateCreate({ ...subscriptionPlan, widgetMessagesPerMinute: value }).widgetMessagesPerMinute;
    if (typeof expected === 'string') expect(firstError(run)).toBe(expected);
    else expect(run()).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, number | null | string]>([
    ['a credit pack without one', {}, null],
    ['a credit pack with one', { widgetMessagesPerMinute: 600 }, BILLING_MESSAGES.widgetLimitForSubscriptionsOnly],
  ])('keeps widget messages per minute to subscription plans: %s', (_case, override, expected) => {
    const run = () => validateCreate({ ...creditPack, ...override }).widgetMessagesPerMinute;
    if (typeof expected === 'string') expect(firstError(run)).toBe(expected);
    else expect(run()).toBe(expected);
  });

  it.each<[string, Record<string, unknown>, number | null]>([
    ['left out: kept', {}, 600],
    ['raised', { widgetMessagesPerMinute: 900 }, 900],
    ['cleared with null', { widgetMessagesPerMinute: null }, null],
  ])("edits a plan's widget messages per minute %s", (_case, edit, expected) => {
    const stored = validateCreate({ ...subscriptionPlan, widgetMessagesPerMinute: 600 });
    expect(assertValidPlan(draftWithEdit(stored, parseInput(editPlanInput, edit))).widgetMessagesPerMinute).toBe(expected);
  });

  it.each<[string, { widgetMessagesPerMinute: number | null } | null, number]>([
    ['no current plan', null, 300],
    ['a plan that leaves it empty', { widgetMessagesPerMinute: null }, 300],
    ['a plan that lowers it', { widgetMessagesPerMinute: 60 }, 60],
    ['a plan that lifts it', { widgetMessagesPerMinute: 6000 }, 6000],
  ])('lets a bot answer widget messages a minute by its owner plan: %s', (_case, plan, limit) => {
    expect(widgetMessagesPerMinute(plan)).toBe(limit);
  });

  it('reports every broken rule, first one first', () => {
    const draft = { ...validateCreate(creditPack), billingPeriod: 'week' as const, botLimit: 2, features: [] };
    expect(planIssues(draft).map((issue) => issue.path)).toEqual(['billingPeriod', 'botLimit', 'features']);
  });

  it("writes features back as the spec's comma-separated text", () => {
    expect(featuresText(['Up to 3 chatbots', 'Email support'])).toBe('Up to 3 chatbots, Email support');
  });
});

describe('billing periods', () => {
  it.each([
    ['a week', '2026-03-10T12:00:00.000Z', 'week', '2026-03-17T12:00:00.000Z'],
    ['a month', '2026-03-10T12:00:00.000Z', 'month', '2026-04-10T12:00:00.000Z'],
    ['a month from the 31st (clamped)', '2026-01-31T08:30:00.000Z', 'month', '2026-02-28T08:30:00.000Z'],
    ['a month from Jan 31 in a leap year', '2028-01-31T00:00:00.000Z', 'month', '2028-02-29T00:00:00.000Z'],
    ['a month across the year end', '2026-12-15T23:59:59.999Z', 'month', '2027-01-15T23:59:59.999Z'],
    ['a year', '2026-06-01T00:00:00.000Z', 'year', '2027-06-01T00:00:00.000Z'],
    ['a year from Feb 29 (clamped)', '2028-02-29T10:00:00.000Z', 'year', '2029-02-28T10:00:00.000Z'],
  ] as const)('adds %s', (_case, from, period, expected) => {
    expect(addBillingPeriod(new Date(from), period).toISOString()).toBe(expected);
  });

  it.each([
    ['extends from the current end while it is ahead', '2026-04-10T00:00:00.000Z', '2026-04-09T00:00:00.000Z', '2026-05-10T00:00:00.000Z'],
    ['starts again from now once it has lapsed', '2026-04-10T00:00:00.000Z', '2026-04-20T00:00:00.000Z', '2026-05-20T00:00:00.000Z'],
  ])('a renewal %s', (_case, expiry, now, expected) => {
    expect(renewedExpiry(new Date(expiry), new Date(now), 'month').toISOString()).toBe(expected);
  });
});

describe('own API keys', () => {
  it.each([
    ['sk-abcdefghijklmnopqrstuvwx', true],
    ['sk-proj-AbC123_def-456ghiJKL789mno', true],
    ['sk-ant-api03-abcdefghijklmnopqrstuvwxyz', true],
    ['sk-ant-short', false],
    ['sk-short', false],
    ['pk-abcdefghijklmnopqrstuvwx', false],
    ['sk-abcdefghij klmnopqrstuvwx', false],
    ['sk-…abcd', false],
    ['', false],
    [`sk-${'a'.repeat(300)}`, false],
  ])('%s is a key the chat can use: %s', (key, usable) => {
    expect(isValidApiKeyShape(key)).toBe(usable);
  });
});

describe('pricing usage with credit rates', () => {
  const rates = [
    { usageType: 'chat', unitName: 'message', costPerUnit: new Decimal('1.5') },
    { usageType: 'chat', unitName: '1000_tokens', costPerUnit: new Decimal('0.0333') },
    { usageType: 'image', unitName: 'image', costPerUnit: new Decimal(4) },
  ];

  it.each<[string, typeof rates, { usageType: string; unitName?: string; units: number }, string]>([
    ['a chat message at the stored rate', rates, { usageType: 'chat', units: 1 }, '1.5'],
    ['several messages', rates, { usageType: 'chat', unitName: 'message', units: 3 }, '4.5'],
    ['tokens, rounded up to 4 decimals', rates, { usageType: 'chat', unitName: '1000_tokens', units: 1.234 }, '0.0411'],
    ['an image', rates, { usageType: 'image', unitName: 'image', units: 2 }, '8'],
    ['a chat message without a stored rate (default 1)', [], { usageType: 'chat', units: 1 }, '1'],
    ['a free rate', [{ usageType: 'chat', unitName: 'message', costPerUnit: new Decimal(0) }], { usageType: 'chat', units: 5 }, '0'],
  ])('prices %s', (_case, table, usage, expected) => {
    expect(priceUsage(table, usage).toString()).toBe(expected);
  });

  it.each<[string, { usageType: string; unitName?: string; units: number }, string]>([
    ['an unknown usage type', { usageType: 'video', units: 1 }, 'No credit rate is set for video per message'],
    ['an unknown unit', { usageType: 'image', units: 1 }, 'No credit rate is set for image per message'],
    ['zero units', { usageType: 'chat', units: 0 }, BILLING_MESSAGES.unitsInvalid],
    ['negative units', { usageType: 'chat', units: -1 }, BILLING_MESSAGES.unitsInvalid],
    ['NaN units', { usageType: 'chat', units: Number.NaN }, BILLING_MESSAGES.unitsInvalid],
  ])('refuses %s', (_case, usage, message) => {
    expect(firstError(() => priceUsage(rates, usage))).toBe(message);
  });

  it.each<[Record<string, unknown>, string | { usageType: string; unitName: string; costPerUnit: string }]>([
    [
      { usageType: 'Chat', unitName: '1000_tokens', costPerUnit: 0.5 },
      { usageType: 'chat', unitName: '1000_tokens', costPerUnit: '0.5000' },
    ],
    [
      { usageType: 'chat', unitName: 'message', costPerUnit: '0' },
      { usageType: 'chat', unitName: 'message', costPerUnit: '0.0000' },
    ],
    [{ usageType: 'chat', unitName: 'message', costPerUnit: -1 }, BILLING_MESSAGES.costInvalid],
    [{ usageType: 'chat', unitName: 'message', costPerUnit: '0.00001' }, BILLING_MESSAGES.costInvalid],
    [{ usageType: 'chat', unitName: 'message' }, BILLING_MESSAGES.costInvalid],
    [{ usageType: 'chat bot', unitName: 'message', costPerUnit: 1 }, BILLING_MESSAGES.usageTypeInvalid],
    [{ usageType: 'chat', unitName: '', costPerUnit: 1 }, BILLING_MESSAGES.unitNameInvalid],
  ])('validates the credit rate %j', (input, expected) => {
    if (typeof expected === 'string') expect(firstError(() => parseInput(createRateInput, input))).toBe(expected);
    else expect(parseInput(createRateInput, input)).toEqual(expected);
  });

  it.each<[Record<string, unknown>, string | Record<string, string | undefined>]>([
    [{ costPerUnit: 2 }, { usageType: undefined, unitName: undefined, costPerUnit: '2.0000' }],
    [
      { usageType: null, unitName: null, costPerUnit: null },
      { usageType: undefined, unitName: undefined, costPerUnit: undefined },
    ],
    [{ unitName: 'Image' }, { usageType: undefined, unitName: 'Image', costPerUnit: undefined }],
    [{ usageType: '' }, BILLING_MESSAGES.usageTypeInvalid],
    [{ costPerUnit: -1 }, BILLING_MESSAGES.costInvalid],
  ])('validates the credit rate edit %j (left out or null keeps a field)', (input, expected) => {
    if (typeof expected === 'string') expect(firstError(() => parseInput(updateRateInput, input))).toBe(expected);
    else expect(parseInput(updateRateInput, input)).toEqual(expected);
  });
});

describe('money in minor units', () => {
  it.each([
    ['19.99', 'usd', 1999],
    ['9', 'usd', 900],
    ['0.1', 'eur', 10],
    ['500', 'jpy', 500],
  ])('%s %s is %i in Stripe units', (amount, currency, minor) => {
    expect(toMinorUnits(amount, currency)).toBe(minor);
    expect(fromMinorUnits(minor, currency).toString()).toBe(new Decimal(amount).toString());
  });

  it.each([
    ['19.9', 'usd', '19.90 USD'],
    ['9', 'eur', '9.00 EUR'],
    ['500', 'JPY', '500 JPY'],
  ])('writes %s %s as %s', (amount, currency, written) => {
    expect(formatMoney(amount, currency)).toBe(written);
  });
});

describe('revenue summary', () => {
  const now = new Date('2026-05-20T10:00:00.000Z');

  it.each<
    [string, { year: number; month: number; revenue: string | number }[], { totalRevenue: number; months: [number, number, number][] }]
  >([
    ['no payments', [], { totalRevenue: 0, months: [] }],
    [
      'months in any order, with gaps filled up to now',
      [
        { year: 2026, month: 4, revenue: '19.00' },
        { year: 2026, month: 2, revenue: '10.50' },
      ],
      {
        totalRevenue: 29.5,
        months: [
          [2026, 2, 10.5],
          [2026, 3, 0],
          [2026, 4, 19],
          [2026, 5, 0],
        ],
      },
    ],
    [
      'a month listed twice (summed) across a year end',
      [
        { year: 2025, month: 12, revenue: '0.10' },
        { year: 2025, month: 12, revenue: '0.20' },
        { year: 2026, month: 1, revenue: 49 },
      ],
      {
        totalRevenue: 49.3,
        months: [
          [2025, 12, 0.3],
          [2026, 1, 49],
          [2026, 2, 0],
          [2026, 3, 0],
          [2026, 4, 0],
          [2026, 5, 0],
        ],
      },
    ],
    ['revenue dated after now (clock skew) is kept', [{ year: 2026, month: 6, revenue: 9 }], { totalRevenue: 9, months: [[2026, 6, 9]] }],
  ])('%s', (_case, rows, expected) => {
    const summary = summarizeRevenue(rows, now);
    expect(summary.totalRevenue).toBe(expected.totalRevenue);
    expect(summary.monthlyBreakdown.map((month) => [month.year, month.month, month.revenue])).toEqual(expected.months);
  });
});
