// Leads as plain data: the contact details a visitor's message carries (found by rule when no
// model is there to decide) and the row a lead becomes in the completed sheet.

export interface ContactDetails {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** What a lead row holds, in the completed sheet's column order (LEAD_COLUMNS). */
export interface LeadRow {
  timestamp: string;
  channel: string;
  bot: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  question: string;
  conversationLink: string | null;
}

export const LEAD_COLUMNS = ['Timestamp', 'Channel', 'Bot', 'Name', 'Email', 'Phone', 'Question', 'Conversation link'] as const;

/** The cells of a lead's row, empty where a detail is missing. */
export function leadRowCells(lead: LeadRow): string[] {
  return [
    lead.timestamp,
    lead.channel,
    lead.bot,
    lead.name ?? '',
    lead.email ?? '',
    lead.phone ?? '',
    lead.question,
    lead.conversationLink ?? '',
  ];
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
/** A run of digits with the usual separators; a phone number has 7 to 15 digits in all (E.164). */
const PHONE_CANDIDATE = /\+?\d[\d\s().-]{5,22}\d/g;
/** Dates look like phone numbers to the pattern above: 2026-05-12, 12.05.2026, 12-05-26. */
const DATE_LIKE = /^(?:\d{4}[-.]\d{1,2}[-.]\d{1,2}|\d{1,2}[-.]\d{1,2}[-.]\d{2,4})$/;
const NAME = "[\\p{L}'’-]+";
const CAPITALIZED = "\\p{Lu}[\\p{L}'’-]*";
const NAME_PATTERNS = [
  new RegExp(`\\bmy name is (${NAME}(?: ${NAME}){0,2})`, 'iu'),
  new RegExp(`\\bname: ?(${NAME}(?: ${NAME}){0,2})`, 'iu'),
  new RegExp(`\\bje m['’]appelle (${NAME}(?: ${NAME}){0,2})`, 'iu'),
  new RegExp(`\\bmon nom est (${NAME}(?: ${NAME}){0,2})`, 'iu'),
  // Without "name", only capitalised words count: "I am Sam Lee", not "I am interested".
  new RegExp(`\\b(?:[Ii] am|[Ii]['’]m|[Tt]his is|[Cc]['’]est) (${CAPITALIZED}(?: ${CAPITALIZED}){0,2})`, 'u'),
];
/** Words a name pattern may catch after the name ("Jane and my email…"): the name stops there. */
const AFTER_NAME = /^(and|my|et|mon|ma|email|e-mail|phone|tel|here|from|de|with|avec)$/i;
/** Capitalised words that follow "I am" / "I'm" without being names. */
const NOT_NAMES = /^(interested|looking|not|a|an|the|here|happy|calling|writing|sorry|new|back|just|also|very|so)$/i;

function phoneIn(text: string): string | null {
  for (const match of text.matchAll(PHONE_CANDIDATE)) {
    const candidate = match[0].trim();
    if (DATE_LIKE.test(candidate)) continue;
    const digits = candidate.replace(/\D/g, '');
    if (digits.length >= 7 && digits.length <= 15) return `${candidate.startsWith('+') ? '+' : ''}${digits}`;
  }
  return null;
}

function nameIn(text: string): string | null {
  for (const pattern of NAME_PATTERNS) {
    const words = pattern.exec(text)?.[1]?.split(' ') ?? [];
    const end = words.findIndex((word) => AFTER_NAME.test(word));
    const name = (end === -1 ? words : words.slice(0, end)).filter((word) => !NOT_NAMES.test(word)).join(' ');
    if (name) return name;
  }
  return null;
}

/** The contact details a message carries; a lead needs at least an email address or a phone number. */
export function contactDetailsIn(text: string): ContactDetails | null {
  const email = EMAIL.exec(text)?.[0] ?? null;
  const phone = phoneIn(text.replace(new RegExp(EMAIL, 'g'), ' '));
  if (!email && !phone) return null;
  return { name: nameIn(text), email: email?.toLowerCase() ?? null, phone };
}
