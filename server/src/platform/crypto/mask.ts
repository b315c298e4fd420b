/**
 * Well-known key prefixes: they say what kind of key it is (Stripe, Stripe webhooks, Anthropic,
 * OpenAI, Notion), are the same in every key of that kind, and are no part of its secret.
 */
const PUBLIC_KEY_PREFIX = /^(?:(?:sk|rk)_(?:test|live)_|whsec_|sk-(?:ant-|proj-)?|secret_|ntn_)/;

/** Under this many secret characters a key is fully masked: its last four would be a quarter or more. */
export const FULLY_MASKED_BELOW = 16;
const SHOWN_CHARACTERS = 4;
const HIDDEN = '••••';

/**
 * The one form in which any stored secret (a platform key, a customer's AI or Notion key) is shown:
 * its well-known prefix, then its last four characters after "…" when the rest is at least 16
 * characters long, so never more than a quarter of what is secret; a shorter rest is fully hidden.
 */
export function maskSecret(value: string): string {
  if (value === '') return '';
  const prefix = PUBLIC_KEY_PREFIX.exec(value)?.[0] ?? '';
  const secret = value.slice(prefix.length);
  return secret.length < FULLY_MASKED_BELOW ? `${prefix}${HIDDEN}` : `${prefix}…${secret.slice(-SHOWN_CHARACTERS)}`;
}
