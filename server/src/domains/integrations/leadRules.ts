// Contact details in a visitor's message, found by rule when no model is there to decide.

export interface ContactDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/;
/** A run of digits with the usual separators, 7 to 15 digits in all (E.164). */
const PHONE_CANDIDATE = /\+?\d[\d\s().-]{5,22}\d/g;
const NAME_PATTERNS = [
  /\bmy name is ([\p{L}'-]+(?: [\p{L}'-]+){0,2})/iu,
  /\b[Ii] am ([\p{Lu}][\p{L}'-]+(?: [\p{Lu}][\p{L}'-]+){0,2})/u,
  /\b[Ii]'m ([\p{Lu}][\p{L}'-]+(?: [\p{Lu}][\p{L}'-]+){0,2})/u,
  /\b[Tt]his is ([\p{Lu}][\p{L}'-]+(?: [\p{Lu}][\p{L}'-]+){0,2})/u,
  /\bje m'appelle ([\p{L}'-]+(?: [\p{L}'-]+){0,2})/iu,
  /\bje m’appelle ([\p{L}'-]+(?: [\p{L}'-]+){0,2})/iu,
  /\bmon nom est ([\p{L}'-]+(?: [\p{L}'-]+){0,2})/iu,
  /\bname: ?([\p{L}'-]+(?: [\p{L}'-]+){0,2})/iu,
];
/** Words a name pattern may catch that are not names ("I am interested"). */
const NOT_NAMES = new Set(['interested', 'looking', 'not', 'a', 'an', 'the', 'here', 'happy', 'calling', 'writing']);

function phoneIn(text: string): string | null {
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const digits = match[0].replace(/\D/g, '');
    if (digits.length >= 7 && digits.length <= 15) return `${match[0].trim().startsWith('+') ? '+' : ''}${digits}`;
  }
  return null;
}

function nameIn(text: string): string | null {
  for (const pattern of NAME_PATTERNS) {
    const found = pattern.exec(text)?.[1]?.trim();
    if (!found) continue;
    const words = found.split(' ').filter((word) => !NOT_NAMES.has(word.toLowerCase()));
    // Stop at the first word that is clearly not part of a name ("and", "my", ...).
    const name = words.slice(0, words.findIndex((word) => /^(and|my|et|mon|ma|email|phone|tel)$/i.test(word)) >>> 0).join(' ');
    if (name) return name;
  }
  return null;
}

/** The contact details a message carries; a lead needs at least an email or a phone number. */
export function contactDetailsIn(text: string): ContactDetails | null {
  const withoutEmails = text.replace(new RegExp(EMAIL, 'g'), ' ');
  const email = EMAIL.exec(text)?.[0] ?? null;
  const phone = phoneIn(withoutEmails);
  if (!email && !phone) return null;
  return { name: nameIn(text), email: email?.toLowerCase() ?? null, phone };
}
