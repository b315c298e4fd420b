import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { asksForPerson, emailIn, HANDOFF_MESSAGES, handoffInput, isOpenAt, type OpeningHours } from './handoff.ts';

describe('asksForPerson', () => {
  it.each([
    ['human', true],
    ['Human please!', true],
    ['agent', true],
    ['une personne svp', true],
    ['Je voudrais parler à un conseiller', true],
    ['can I speak to a real person?', true],
    ['I want to talk to someone from your team', true],
    ['quiero hablar con un agente', true],
    ['Ich möchte mit einem Mitarbeiter sprechen', true],
    ['vorrei parlare con un operatore', true],
    ['un humain', true],
    ['Do your agents work on Sundays in Lyon?', false],
    ['Is this text written by a human or generated?', false],
    ['When does the Lyon store open?', false],
    ['refund policy', false],
  ])('%j → %s', (text, expected) => {
    expect(asksForPerson(text)).toBe(expected);
  });
});

describe('emailIn', () => {
  it.each([
    ['you can reach me at Ana.Lopez@Example.com thanks', 'ana.lopez@example.com'],
    ['<me@shop.fr>', 'me@shop.fr'],
    ['mail: a+b@mail.co.uk.', 'a+b@mail.co.uk'],
    ['no address here', null],
    ['me@localhost', null],
  ])('%j → %s', (text, expected) => {
    expect(emailIn(text)).toBe(expected);
  });
});

// 2026-01-05 is a Monday.
const WEEKDAYS_9_TO_17: OpeningHours[] = [1, 2, 3, 4, 5].map((day) => ({ day, opens: '09:00', closes: '17:00' }));

describe('isOpenAt', () => {
  it.each([
    ['no hours: always open', [], 'UTC', '2026-01-04T03:00:00Z', true],
    ['Monday 10:00 in Paris (09:00 UTC)', WEEKDAYS_9_TO_17, 'Europe/Paris', '2026-01-05T09:00:00Z', true],
    ['Monday 08:30 in Paris (07:30 UTC)', WEEKDAYS_9_TO_17, 'Europe/Paris', '2026-01-05T07:30:00Z', false],
    ['Monday 17:00 in Paris: closed at the closing minute', WEEKDAYS_9_TO_17, 'Europe/Paris', '2026-01-05T16:00:00Z', false],
    ['Sunday noon', WEEKDAYS_9_TO_17, 'Europe/Paris', '2026-01-04T11:00:00Z', false],
    ['Monday 09:30 in New York is Monday 14:30 UTC', WEEKDAYS_9_TO_17, 'America/New_York', '2026-01-05T14:30:00Z', true],
    ['Saturday 01:00 in Tokyo is Friday 16:00 UTC', WEEKDAYS_9_TO_17, 'Asia/Tokyo', '2026-01-09T16:00:00Z', false],
    ['until midnight', [{ day: 1, opens: '18:00', closes: '24:00' }], 'UTC', '2026-01-05T23:59:00Z', true],
  ] as const)('%s', (_name, hours, zone, at, expected) => {
    expect(isOpenAt(hours, zone, new Date(at))).toBe(expected);
  });
});

describe('handoffInput', () => {
  const issueOf = (input: unknown) => {
    try {
      parseInput(handoffInput, input);
      return null;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return error.issues[0]?.message;
    }
  };

  it.each([
    ['a full setting', { enabled: true, waitMinutes: 5, timeZone: 'Europe/Paris', openingHours: WEEKDAYS_9_TO_17 }, null],
    ['only the switch', { enabled: false }, null],
    ['an unknown zone', { timeZone: 'Mars/Olympus' }, HANDOFF_MESSAGES.timeZone],
    ['no wait', { waitMinutes: 0 }, HANDOFF_MESSAGES.waitMinutes],
    ['a wait of two hours', { waitMinutes: 120 }, HANDOFF_MESSAGES.waitMinutes],
    ['a time that is not one', { openingHours: [{ day: 1, opens: '9am', closes: '17:00' }] }, HANDOFF_MESSAGES.time],
    ['closing before opening', { openingHours: [{ day: 1, opens: '17:00', closes: '09:00' }] }, HANDOFF_MESSAGES.order],
    ['day 7', { openingHours: [{ day: 7, opens: '09:00', closes: '17:00' }] }, HANDOFF_MESSAGES.day],
    [
      'overlapping openings',
      {
        openingHours: [
          { day: 2, opens: '09:00', closes: '12:00' },
          { day: 2, opens: '11:00', closes: '14:00' },
        ],
      },
      HANDOFF_MESSAGES.overlap,
    ],
    [
      'too many openings',
      { openingHours: Array.from({ length: 22 }, (_, i) => ({ day: i % 7, opens: `0${i % 3}:00`, closes: `0${i % 3}:30` })) },
      HANDOFF_MESSAGES.openings,
    ],
  ])('%s', (_name, input, expected) => {
    expect(issueOf(input)).toBe(expected);
  });

  it('keeps the openings in week order', () => {
    const parsed = parseInput(handoffInput, {
      openingHours: [
        { day: 3, opens: '14:00', closes: '18:00' },
        { day: 1, opens: '09:00', closes: '12:00' },
        { day: 3, opens: '09:00', closes: '12:00' },
      ],
    });
    expect(parsed.openingHours!.map((opening) => `${opening.day} ${opening.opens}`)).toEqual(['1 09:00', '3 09:00', '3 14:00']);
  });
});
