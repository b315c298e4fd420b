// A visitor asking for a person: the bot's setting (on or off, opening hours in its time zone, how
// long a visitor waits before the bot asks for an email address), what counts as asking, and what
// the bot says meanwhile, in the bot's languages.
import { z } from 'zod';
import { INBOX_LIMITS } from '@chatbot/common/inbox';

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** One opening of a weekday (0 is Sunday), from `opens` to `closes` ("HH:MM", "24:00" for midnight), in the bot's time zone. */
export interface OpeningHours {
  day: number;
  opens: string;
  closes: string;
}

export interface HandoffSettings {
  enabled: boolean;
  waitMinutes: number;
  timeZone: string;
  /** None: a person may be asked for at any hour. */
  openingHours: OpeningHours[];
}

export const HANDOFF_LIMITS = {
  waitMinutes: { min: 1, max: INBOX_LIMITS.handoffWaitMinutesMax },
  openings: 21,
} as const;

export const HANDOFF_MESSAGES = {
  unavailable: 'This bot does not hand conversations to a person.',
  timeZone: 'Choose a time zone such as Europe/Paris',
  time: 'Times are written HH:MM, from 00:00 to 24:00',
  order: 'A day must close after it opens',
  day: 'day must be 0 (Sunday) to 6 (Saturday)',
  overlap: 'Two openings of the same day overlap',
  waitMinutes: `The wait is ${HANDOFF_LIMITS.waitMinutes.min} to ${HANDOFF_LIMITS.waitMinutes.max} minutes`,
  openings: `At most ${HANDOFF_LIMITS.openings} openings a week`,
} as const;

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether `zone` is a time zone this runtime knows (an IANA name such as Europe/Paris, or UTC). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const openingInput = z
  .object({
    day: z.number({ error: HANDOFF_MESSAGES.day }).int({ error: HANDOFF_MESSAGES.day }).min(0, { error: HANDOFF_MESSAGES.day }).max(6, {
      error: HANDOFF_MESSAGES.day,
    }),
    opens: z.string({ error: HANDOFF_MESSAGES.time }).trim().regex(TIME, { error: HANDOFF_MESSAGES.time }),
    closes: z.string({ error: HANDOFF_MESSAGES.time }).trim().regex(TIME, { error: HANDOFF_MESSAGES.time }),
  })
  .refine((opening) => minutesOf(opening.closes) > minutesOf(opening.opens), { error: HANDOFF_MESSAGES.order, path: ['closes'] });

/** The owner's settings, checked: any field left out stays as it is. */
export const handoffInput = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  waitMinutes: z
    .number({ error: HANDOFF_MESSAGES.waitMinutes })
    .int({ error: HANDOFF_MESSAGES.waitMinutes })
    .min(HANDOFF_LIMITS.waitMinutes.min, { error: HANDOFF_MESSAGES.waitMinutes })
    .max(HANDOFF_LIMITS.waitMinutes.max, { error: HANDOFF_MESSAGES.waitMinutes })
    .optional(),
  timeZone: z.string({ error: HANDOFF_MESSAGES.timeZone }).trim().refine(isTimeZone, { error: HANDOFF_MESSAGES.timeZone }).optional(),
  openingHours: z
    .array(openingInput)
    .max(HANDOFF_LIMITS.openings, { error: HANDOFF_MESSAGES.openings })
    .refine((openings) => !overlapping(openings), { error: HANDOFF_MESSAGES.overlap })
    .transform((openings) => [...openings].sort((a, b) => a.day - b.day || minutesOf(a.opens) - minutesOf(b.opens)))
    .optional(),
});

function overlapping(openings: readonly OpeningHours[]): boolean {
  return openings.some((a, i) =>
    openings.some(
      (b, j) => i < j && a.day === b.day && minutesOf(a.opens) < minutesOf(b.closes) && minutesOf(b.opens) < minutesOf(a.closes),
    ),
  );
}

/** The stored hours as the rules read them (a row written by hand that is not a list reads as always open). */
export function storedOpeningHours(value: unknown): OpeningHours[] {
  return Array.isArray(value) ? (value as OpeningHours[]) : [];
}

const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** Whether a person can be asked for at `now`: always without opening hours, else within one of them in the bot's zone. */
export function isOpenAt(openingHours: readonly OpeningHours[], timeZone: string, now: Date): boolean {
  if (openingHours.length === 0) return true;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: isTimeZone(timeZone) ? timeZone : 'UTC',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  const day = WEEKDAY_INDEX[part('weekday')];
  const minute = Number(part('hour')) * 60 + Number(part('minute'));
  return openingHours.some((opening) => opening.day === day && minute >= minutesOf(opening.opens) && minute < minutesOf(opening.closes));
}

// Words for a person, and for asking, in the bots' languages, without accents (see `plain`).
const PERSON_WORDS =
  /\b(human|humans|humain|humaine|humano|umano|mensch|person|personne|persona|persone|someone|somebody|quelqu ?un|alguien|qualcuno|jemand|agent|agente|operator|operateur|operador|operatore|representative|conseiller|conseillere|mitarbeiter|mitarbeiterin|berater|support team|equipe)\b/;
const ASKING_WORDS =
  /\b(talk|speak|chat with|contact|connect|transfer|want|need|parler|joindre|veux|voudrais|hablar|quiero|necesito|sprechen|mochte|will|brauche|parlare|vorrei|voglio)\b/;
/** A message of at most this many words naming a person asks for one ("human please", "un agent svp"). */
const SHORT_REQUEST_WORDS = 4;

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, ' ')
    .replace(/[^\p{L}\p{N}\s]/gu, ' ');

/**
 * Whether a visitor's message asks for a person: a short one naming a person ("agent", "une
 * personne svp"), or one asking to talk to one ("can I speak to a human?"). A longer question that
 * only mentions one ("do your agents work on Sundays?") is the bot's.
 */
export function asksForPerson(text: string): boolean {
  const words = plain(text);
  if (!PERSON_WORDS.test(words)) return false;
  return words.split(/\s+/).filter(Boolean).length <= SHORT_REQUEST_WORDS || ASKING_WORDS.test(words);
}

/** The first email address in a visitor's message, lower-cased; null when there is none. */
export function emailIn(text: string): string | null {
  const match = /[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[a-z]{2,}/i.exec(text);
  return match ? match[0].toLowerCase().slice(0, 254) : null;
}

type HandoffPhrases = {
  /** A person was asked for and can come: the visitor waits in the chat. */
  asked: string;
  /** Nobody came within the wait time: the bot asks where to reply. */
  nobodyFree: string;
  /** Outside the opening hours: the bot asks where to reply. */
  closed: string;
  /** The visitor's address is known (given at the start, or just now): replies go there too. */
  replyByEmail: (email: string) => string;
};

export const HANDOFF_PHRASES: Record<'en' | 'fr' | 'es' | 'de' | 'it', HandoffPhrases> = {
  en: {
    asked: "I've asked a person from the team to join. Please stay here: they will reply in this chat.",
    nobodyFree: "Nobody from the team is free right now. Leave your email address here and we'll reply by email.",
    closed: "The team is away right now. Leave your email address here and we'll reply by email.",
    replyByEmail: (email) => `Thank you! A person from the team will reply here and to ${email}.`,
  },
  fr: {
    asked: 'J’ai demandé à une personne de l’équipe de vous rejoindre. Restez ici : elle vous répondra dans cette conversation.',
    nobodyFree:
      'Personne de l’équipe n’est disponible pour le moment. Laissez votre adresse e-mail ici et nous vous répondrons par e-mail.',
    closed: 'L’équipe est absente pour le moment. Laissez votre adresse e-mail ici et nous vous répondrons par e-mail.',
    replyByEmail: (email) => `Merci ! Une personne de l’équipe vous répondra ici et à ${email}.`,
  },
  es: {
    asked: 'He pedido a una persona del equipo que se una. Quédese aquí: le responderá en este chat.',
    nobodyFree: 'Nadie del equipo está disponible ahora. Deje aquí su correo electrónico y le responderemos por correo.',
    closed: 'El equipo no está disponible ahora. Deje aquí su correo electrónico y le responderemos por correo.',
    replyByEmail: (email) => `¡Gracias! Una persona del equipo le responderá aquí y a ${email}.`,
  },
  de: {
    asked: 'Ich habe eine Person aus dem Team gebeten, dazuzukommen. Bleiben Sie hier: Sie antwortet in diesem Chat.',
    nobodyFree: 'Gerade ist niemand aus dem Team frei. Hinterlassen Sie hier Ihre E-Mail-Adresse, wir antworten per E-Mail.',
    closed: 'Das Team ist gerade nicht da. Hinterlassen Sie hier Ihre E-Mail-Adresse, wir antworten per E-Mail.',
    replyByEmail: (email) => `Danke! Eine Person aus dem Team antwortet hier und an ${email}.`,
  },
  it: {
    asked: 'Ho chiesto a una persona del team di unirsi. Resti qui: le risponderà in questa chat.',
    nobodyFree: 'Nessuno del team è disponibile ora. Lasci qui il suo indirizzo email e le risponderemo via email.',
    closed: 'Il team non è disponibile ora. Lasci qui il suo indirizzo email e le risponderemo via email.',
    replyByEmail: (email) => `Grazie! Una persona del team le risponderà qui e a ${email}.`,
  },
};

export const handoffPhrases = (languageCode: string): HandoffPhrases =>
  HANDOFF_PHRASES[languageCode as keyof typeof HANDOFF_PHRASES] ?? HANDOFF_PHRASES.en;
