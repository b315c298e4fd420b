import { describe, expect, it } from 'vitest';
import { apiKeyInputFromBody, planFilterFromQuery, planInputFromBody, planTypeInputFromBody, rateInputFromBody } from './rest.ts';

describe("the spec's REST bodies in the billing service's names", () => {
  it.each<[string, (body: unknown) => unknown, unknown, unknown]>([
    ['set-plan', planTypeInputFromBody, { plan_type: 'subscription' }, { planType: 'subscription' }],
    ['set-plan without plan_type', planTypeInputFromBody, {}, { planType: undefined }],
    ['set-api-key', apiKeyInputFromBody, { api_key: 'sk-abc' }, { apiKey: 'sk-abc' }],
    ['set-api-key with a null key', apiKeyInputFromBody, { api_key: null }, { apiKey: null }],
    [
      'a new plan, every field',
      planInputFromBody,
      {
        name: 'Team',
        description: 'For teams',
        plan_type: 'subscription',
        price: '$99.50',
        currency: 'usd',
        billing_period: 'year',
        bot_limit: '25',
        widget_messages_per_minute: '600',
        credit_amount: null,
        bonus_credits: 0,
        features: 'A, B',
        stripe_price_id: 'price_123',
        is_active: true,
        is_popular: false,
      },
      {
        name: 'Team',
        description: 'For teams',
        planType: 'subscription',
        price: '$99.50',
        currency: 'usd',
        billingPeriod: 'year',
        botLimit: '25',
        widgetMessagesPerMinute: '600',
        creditAmount: null,
        bonusCredits: 0,
        features: 'A, B',
        stripePriceId: 'price_123',
        isActive: true,
        isPopular: false,
      },
    ],
    [
      'a plan edit, keeping null (it clears a field)',
      planInputFromBody,
      { bot_limit: null, name: 'Team+' },
      { botLimit: null, name: 'Team+' },
    ],
    ['a plan body ignores names it does not know', planInputFromBody, { planType: 'credit', extra: 1 }, {}],
    [
      'a credit rate',
      rateInputFromBody,
      { usage_type: 'chat', unit_name: '1000_tokens', cost_per_unit: '0.25' },
      { usageType: 'chat', unitName: '1000_tokens', costPerUnit: '0.25' },
    ],
    ['a credit rate edit', rateInputFromBody, { cost_per_unit: 0.5 }, { costPerUnit: 0.5 }],
  ])('maps %s', (_case, fromBody, body, input) => {
    expect(fromBody(body)).toEqual(input);
  });

  it.each([
    ['no body', undefined],
    ['null', null],
    ['a list', [{ plan_type: 'credit' }]],
    ['text', 'subscription'],
    ['a number', 3],
  ])('hands %s to the service as it came, for its schema to refuse', (_case, body) => {
    for (const fromBody of [planTypeInputFromBody, apiKeyInputFromBody, planInputFromBody, rateInputFromBody]) {
      expect(fromBody(body)).toBe(body);
    }
  });

  it.each([
    [{ plan_type: 'credit' }, { type: 'credit' }],
    [{ plan_type: 'lifetime' }, { type: 'lifetime' }],
    [{}, { type: undefined }],
  ])('maps the plan list query %j', (query, filter) => {
    expect(planFilterFromQuery(query)).toEqual(filter);
  });
});
