import { describe, expect, it } from 'vitest';
import { FULLY_MASKED_BELOW, maskSecret } from './mask.ts';

describe('maskSecret', () => {
  it.each([
    ['a Stripe secret key', 'sk_test_51AbCdEfGhIjKlMnOp4242', 'sk_test_…4242'],
    ['a Stripe live restricted key', 'rk_live_51AbCdEfGhIjKlMnOp7777', 'rk_live_…7777'],
    ['a Stripe webhook secret', 'whsec_abcdefghijklmnop9876', 'whsec_…9876'],
    ['an Anthropic key', 'sk-ant-api03-abcdefghijklmnop1111', 'sk-ant-…1111'],
    ['an OpenAI key', 'sk-abcdefghijklmnopqrstuvwx', 'sk-…uvwx'],
    ['an OpenAI project key', 'sk-proj-AbC123_def-456ghiJKL789mno', 'sk-proj-…9mno'],
    ['a Notion key', 'ntn_0123456789abcdef01234567', 'ntn_…4567'],
    ['an old Notion key', `secret_${'x'.repeat(39)}abcd`, 'secret_…abcd'],
    ['a 16-character key with no known prefix', '0123456789abcdef', '…cdef'],
    ['a 15-character key', '109876543210987', '••••'],
    ['the 7-character Notion key of the review', 'abc1234', '••••'],
    ['a known prefix with a short rest', 'sk_test_abc', 'sk_test_••••'],
    ['a 15-character rest after a prefix', `ntn_${'a'.repeat(15)}`, 'ntn_••••'],
    ['a single character', 'x', '••••'],
    ['nothing', '', ''],
  ])('shows %s as %s', (_name, value, masked) => {
    expect(maskSecret(value)).toBe(masked);
  });

  it.each(Array.from({ length: 40 }, (_, index) => index + 1))(
    'never shows more than a quarter of a %i-character secret, nor any of one under 16',
    (length) => {
      const secret = Array.from({ length }, (_, index) => String.fromCharCode(65 + (index % 26))).join('');
      const shown = maskSecret(secret).replace('…', '').replace('••••', '');
      expect(shown.length).toBeLessThanOrEqual(length / 4);
      if (length < FULLY_MASKED_BELOW) expect(shown).toBe('');
      expect(secret.endsWith(shown)).toBe(true);
    },
  );
});
