import { describe, expect, it } from 'vitest';
import { configValueProblem, customerStatus, formatChange } from './rules.ts';

describe('formatChange', () => {
  it.each([
    [125, 100, '+25.0%'],
    [90, 100, '-10.0%'],
    [100, 100, '+0.0%'],
    [1, 3, '-66.7%'],
    [5, 0, '+∞%'],
    [0, 0, '+0.0%'],
    [0, 4, '-100.0%'],
    [19.99, 10, '+99.9%'],
  ])('%d against %d is %s', (current, previous, expected) => {
    expect(formatChange(current, previous)).toBe(expected);
  });
});

describe('customerStatus', () => {
  const standing = { suspended: false, hasPaidPlan: false, onTrial: false, creditBalance: 0 };
  it.each([
    [{ ...standing, suspended: true, hasPaidPlan: true }, 'suspended'],
    [{ ...standing, hasPaidPlan: true, onTrial: true }, 'active'],
    [{ ...standing, creditBalance: 0.5 }, 'active'],
    [{ ...standing, onTrial: true }, 'trial'],
    [standing, 'inactive'],
  ] as const)('%j is %s', (input, expected) => {
    expect(customerStatus(input)).toBe(expected);
  });
});

describe('configValueProblem', () => {
  it.each([
    ['stripe_secret_key', 'sk_test_abcdefghij1234', null],
    ['stripe_secret_key', 'rk_live_abcdefghij1234', null],
    [
      'stripe_secret_key',
      'pk_test_abcdefghij1234',
      '"pk_test_…" is a publishable key: enter the secret key ("sk_…") from the same Stripe page',
    ],
    [
      'stripe_secret_key',
      'sk_test_123',
      'This "sk_test_…" key is incomplete or altered: after "sk_test_" come 10 to 247 letters or digits.',
    ],
    ['stripe_secret_key', 'sk_live_abc def ghij klm', 'This "sk_live_…" key is incomplete or altered'],
    ['stripe_secret_key', 'hello', 'Enter a Stripe secret key: "sk_test_…", "sk_live_…" or a restricted "rk_…" key'],
    ['stripe_webhook_secret', 'whsec_abcdefghij1234', null],
    ['stripe_webhook_secret', 'sk_test_abcdefghij1234', 'Enter a Stripe webhook signing secret'],
    ['whatsapp_access_token', 'EAAG' + 'x'.repeat(40), null],
    ['whatsapp_access_token', 'short', 'Enter a WhatsApp access token'],
    ['whatsapp_phone_number_id', '109876543210987', null],
    ['whatsapp_phone_number_id', '+15550100', 'Enter the WhatsApp phone number ID'],
    ['whatsapp_verify_token', 'my-verify-token', null],
    ['whatsapp_verify_token', 'has space in it', 'Enter a verify token'],
    ['openai_api_key', 'sk-proj-abcdefghijklmnopqrstuvwxyz', null],
    ['openai_api_key', 'not-a-key', 'Enter a valid API key'],
    ['openai_api_key', 'sk_test_abcdefghij1234', 'Enter a valid API key'],
    ['openai_api_key', '', null],
  ] as const)('%s = %s', (key, value, problem) => {
    const answer = configValueProblem(key, value);
    if (problem === null) expect(answer).toBeNull();
    else expect(answer).toContain(problem);
  });
});
