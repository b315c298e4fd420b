// The WhatsApp domain's pure rules: phone numbers (spec 001 §5), link codes and message lengths.

export const PHONE_NUMBER_MESSAGES = {
  missing: 'Please enter a phone number.',
  invalid: 'Enter a valid phone number (no symbols, 7-15 digits, no leading zero).',
  botIdRequired: 'Bot ID required.',
} as const;

/** E.164 allows 15 digits; the spec's manual input also refuses fewer than 7 and a leading zero. */
const PHONE_DIGITS = /^[1-9]\d{6,14}$/;

export type PhoneNumberCheck = { ok: true; digits: string } | { ok: false; message: string };

/** A number as typed (`+1 415-555-0100`) to its digits, or the spec's message for what is wrong. */
export function checkPhoneNumber(raw: string): PhoneNumberCheck {
  if (raw.trim() === '') return { ok: false, message: PHONE_NUMBER_MESSAGES.missing };
  const digits = raw.replace(/\D/g, '');
  return PHONE_DIGITS.test(digits) ? { ok: true, digits } : { ok: false, message: PHONE_NUMBER_MESSAGES.invalid };
}

/** Meta refuses text messages longer than 4,096 characters. */
export const WHATSAPP_TEXT_LIMIT = 4096;

/**
 * Splits an answer into messages WhatsApp accepts, breaking at the last paragraph, line, sentence
 * or word boundary before the limit (a single unbroken run longer than the limit is cut).
 */
export function splitMessage(text: string, limit = WHATSAPP_TEXT_LIMIT): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    const cut = lastBoundary(window);
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) parts.push(rest);
  return parts;
}

function lastBoundary(window: string): number {
  const half = Math.floor(window.length / 2);
  for (const pattern of [/\n\s*\n/g, /\n/g, /[.!?…]\s/g, /\s/g]) {
    let best = -1;
    for (const match of window.matchAll(pattern)) best = match.index + match[0].length;
    if (best >= half) return best;
  }
  return window.length;
}

/** The prefilled text of a registration QR; the code follows it. */
export const LINK_CODE_PREFIX = 'Link my number, code';
export const LINK_CODE_TTL_MS = 15 * 60_000;

/** Codes are 8 letters and digits without look-alikes (no 0/O, 1/I/L), easy to retype from a screenshot. */
export const LINK_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const LINK_CODE = new RegExp(`\\b([${LINK_CODE_ALPHABET}]{8})\\b`);

/** The code a message carries, when it is a registration message. */
export function linkCodeIn(text: string): string | null {
  const upper = text.toUpperCase();
  if (!upper.includes(LINK_CODE_PREFIX.toUpperCase())) return null;
  return LINK_CODE.exec(upper.slice(upper.indexOf(LINK_CODE_PREFIX.toUpperCase()) + LINK_CODE_PREFIX.length))?.[1] ?? null;
}

/** The wa.me link a QR encodes: a chat with the platform number, the registration text prefilled. */
export function registrationLink(platformDigits: string, code: string): string {
  return `https://wa.me/${platformDigits}?text=${encodeURIComponent(`${LINK_CODE_PREFIX} ${code}`)}`;
}
