// The admin area's pure rules: month-over-month changes as the overview shows them, a customer's
// derived status, and the shape each platform key must have before it is saved.
import { isValidApiKeyShape } from '../billing/public.ts';
import { ADMIN_CONFIG_KEYS, type AdminConfigKey } from '../../platform/settings.ts';

/**
 * The overview's change figure: one decimal and a sign, "+∞%" when the previous month had nothing and
 * this one has something, "+0.0%" when both are empty.
 */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return current > 0 ? '+∞%' : '+0.0%';
  const percent = ((current - previous) / previous) * 100;
  const rounded = Math.round(percent * 10) / 10;
  return `${rounded >= 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}%`;
}

export const CUSTOMER_STATUSES = ['active', 'trial', 'suspended', 'inactive'] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export interface CustomerStanding {
  suspended: boolean;
  hasPaidPlan: boolean;
  onTrial: boolean;
  creditBalance: number;
}

/**
 * A customer's status is derived, never stored: suspended by an admin, else active with a paid plan or
 * credits, else on a free trial, else inactive (the trial ended without a payment).
 */
export function customerStatus(standing: CustomerStanding): CustomerStatus {
  if (standing.suspended) return 'suspended';
  if (standing.hasPaidPlan || standing.creditBalance > 0) return 'active';
  if (standing.onTrial) return 'trial';
  return 'inactive';
}

const matches = (pattern: RegExp) => (value: string) => pattern.test(value);

const STRIPE_KEY_PREFIX = /^(sk|rk|pk)_(test|live)_/;

/** What is wrong with a value given as a Stripe secret key, said for the value given (a right prefix is not enough). */
function stripeSecretKeyMessage(value: string): string {
  const prefix = STRIPE_KEY_PREFIX.exec(value)?.[0];
  if (prefix?.startsWith('pk_')) return `"${prefix}…" is a publishable key: enter the secret key ("sk_…") from the same Stripe page`;
  if (prefix)
    return `This "${prefix}…" key is incomplete or altered: after "${prefix}" come 10 to 247 letters or digits. Copy the whole key again`;
  return 'Enter a Stripe secret key: "sk_test_…", "sk_live_…" or a restricted "rk_…" key';
}

const CONFIG_KEY_RULES: Record<AdminConfigKey, { accepts: (value: string) => boolean; message: string | ((value: string) => string) }> = {
  [ADMIN_CONFIG_KEYS.paymentSecret]: {
    accepts: matches(/^(sk|rk)_(test|live)_[A-Za-z0-9]{10,247}$/),
    message: stripeSecretKeyMessage,
  },
  [ADMIN_CONFIG_KEYS.paymentWebhookSecret]: {
    accepts: matches(/^whsec_[A-Za-z0-9+/=]{10,250}$/),
    message: 'Enter a Stripe webhook signing secret: "whsec_…"',
  },
  [ADMIN_CONFIG_KEYS.messagingAccessToken]: {
    accepts: matches(/^[A-Za-z0-9_\-.|]{20,1000}$/),
    message: 'Enter a WhatsApp access token: at least 20 letters, digits or "_-.|", no spaces',
  },
  [ADMIN_CONFIG_KEYS.messagingPhoneNumberId]: {
    accepts: matches(/^\d{5,20}$/),
    message: 'Enter the WhatsApp phone number ID: 5 to 20 digits (not the phone number itself)',
  },
  [ADMIN_CONFIG_KEYS.messagingVerifyToken]: {
    accepts: matches(/^[\x21-\x7e]{8,200}$/),
    message: 'Enter a verify token of 8 to 200 visible characters, no spaces',
  },
  [ADMIN_CONFIG_KEYS.aiProviderKey]: {
    accepts: isValidApiKeyShape,
    message: 'Enter a valid API key: an OpenAI key ("sk-...") or an Anthropic key ("sk-ant-...")',
  },
};

/** Why a value cannot be saved under `key`, or null when it can. An empty value clears the key. */
export function configValueProblem(key: AdminConfigKey, value: string): string | null {
  if (value === '') return null;
  const rule = CONFIG_KEY_RULES[key];
  if (rule.accepts(value)) return null;
  return typeof rule.message === 'string' ? rule.message : rule.message(value);
}
