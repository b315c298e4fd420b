// The "Talk to a person" form's draft, and the rules it checks before the server does (the server's
// are in server/src/domains/inbox/handoff.ts), so the owner reads them in their language.
import { INBOX_LIMITS } from '@chatbot/common/inbox';

/** One opening of a day as the time inputs hold it: "HH:MM"; a closing at "00:00" is midnight, the day's end. */
export interface OpeningRange {
  opens: string;
  closes: string;
}

export interface HandoffDraft {
  enabled: boolean;
  /** As typed, checked on save. */
  waitMinutes: string;
  timeZone: string;
  /** A person may be asked for at any hour: no opening hours are sent. */
  anyHour: boolean;
  /** The openings of each weekday, 0 (Sunday) to 6; none: closed that day. */
  days: OpeningRange[][];
}

export type HandoffField = 'enabled' | 'waitMinutes' | 'timeZone' | 'openingHours';
export const HANDOFF_FIELDS: readonly HandoffField[] = ['enabled', 'waitMinutes', 'timeZone', 'openingHours'];

export const DEFAULT_OPENING: OpeningRange = { opens: '09:00', closes: '17:00' };
/** Monday first, as a week of opening hours is read. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

interface SavedHandoff {
  readonly enabled: boolean;
  readonly waitMinutes: number;
  readonly timeZone: string;
  readonly openingHours: ReadonlyArray<{ readonly day: number; readonly opens: string; readonly closes: string }>;
}

const MIDNIGHT_INPUT = '00:00';
const MIDNIGHT_SAVED = '24:00';

export function draftOf(saved: SavedHandoff): HandoffDraft {
  const days: OpeningRange[][] = Array.from({ length: 7 }, () => []);
  for (const { day, opens, closes } of saved.openingHours) {
    days[day]?.push({ opens, closes: closes === MIDNIGHT_SAVED ? MIDNIGHT_INPUT : closes });
  }
  return {
    enabled: saved.enabled,
    waitMinutes: String(saved.waitMinutes),
    timeZone: saved.timeZone,
    anyHour: saved.openingHours.length === 0,
    days,
  };
}

/** The mutation's input, the hours as the server reads them. */
export function inputOf(draft: HandoffDraft) {
  return {
    enabled: draft.enabled,
    waitMinutes: Number(draft.waitMinutes),
    // The zone only matters to opening hours: at any hour, the saved one stays.
    ...(draft.anyHour ? {} : { timeZone: draft.timeZone.trim() }),
    openingHours: draft.anyHour
      ? []
      : draft.days.flatMap((openings, day) =>
          openings.map(({ opens, closes }) => ({ day, opens, closes: closes === MIDNIGHT_INPUT ? MIDNIGHT_SAVED : closes })),
        ),
  };
}

const minutesOf = (time: string) => (time === MIDNIGHT_INPUT ? 24 * 60 : Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)));

/**
 * A day's openings with a second one added: a lunch break cut out of an opening that spans it
 * (09:00–17:00 becomes 09:00–12:00 and 14:00–17:00), else an evening from an hour after it closes
 * until midnight; none when the day is open until late.
 */
export function withSecondOpening(first: OpeningRange): OpeningRange[] | null {
  const opens = minutesOf(first.opens === MIDNIGHT_INPUT ? '00:00' : first.opens);
  const closes = minutesOf(first.closes);
  if (opens < 12 * 60 && closes > 14 * 60)
    return [
      { opens: first.opens, closes: '12:00' },
      { opens: '14:00', closes: first.closes },
    ];
  const evening = closes + 60;
  if (evening >= 24 * 60) return null;
  const time = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return [first, { opens: time(evening), closes: MIDNIGHT_INPUT }];
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;

/** What is wrong with one day's openings: an opening that closes before it opens, or two that overlap. */
export type DayProblem = 'time' | 'order' | 'overlap';

function dayProblem(openings: readonly OpeningRange[]): DayProblem | null {
  if (openings.some(({ opens, closes }) => !TIME.test(opens) || !TIME.test(closes))) return 'time';
  // An opening at 00:00 starts the day; only a closing at 00:00 is midnight at its end.
  const spans = openings.map(({ opens, closes }) => ({
    opens: opens === MIDNIGHT_INPUT ? 0 : minutesOf(opens),
    closes: minutesOf(closes),
  }));
  if (spans.some(({ opens, closes }) => closes <= opens)) return 'order';
  const overlaps = spans.some((a, i) => spans.some((b, j) => i < j && a.opens < b.closes && b.opens < a.closes));
  return overlaps ? 'overlap' : null;
}

export interface HandoffProblems {
  fields: Partial<Record<HandoffField, 'waitMinutes' | 'timeZone' | 'noDayOpen' | 'checkDays'>>;
  days: Partial<Record<number, DayProblem>>;
}

export function problemsOf(draft: HandoffDraft, knownTimeZones: ReadonlySet<string>): HandoffProblems {
  const problems: HandoffProblems = { fields: {}, days: {} };
  const wait = Number(draft.waitMinutes);
  if (!/^\d+$/.test(draft.waitMinutes.trim()) || wait < 1 || wait > INBOX_LIMITS.handoffWaitMinutesMax) {
    problems.fields.waitMinutes = 'waitMinutes';
  }
  if (!draft.anyHour) {
    if (!knownTimeZones.has(draft.timeZone.trim())) problems.fields.timeZone = 'timeZone';
    draft.days.forEach((openings, day) => {
      const problem = dayProblem(openings);
      if (problem) problems.days[day] = problem;
    });
    // No opening at all would be sent as none, which the server reads as "at any hour".
    if (draft.days.every((openings) => openings.length === 0)) problems.fields.openingHours = 'noDayOpen';
    else if (Object.keys(problems.days).length > 0) problems.fields.openingHours = 'checkDays';
  }
  return problems;
}

export const hasProblems = (problems: HandoffProblems) => Object.keys(problems.fields).length > 0;
