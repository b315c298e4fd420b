import { describe, expect, it } from 'vitest';
import { countryOptions } from './countryCodes.ts';
import { checkNumberToLink, numberInput } from './phoneNumber.ts';

describe('numberInput', () => {
  it.each([
    ['415 555-0100', '4155550100'],
    ['abc', ''],
    ['1234567890123456789', '123456789012345'],
  ])('%j → %j', (typed, kept) => {
    expect(numberInput(typed)).toBe(kept);
  });
});

describe('checkNumberToLink', () => {
  it.each([
    [null, '1', '4155550100', { ok: false, problem: 'missingBot' }],
    ['bot', '1', '', { ok: false, problem: 'missingNumber' }],
    ['bot', '1', '   ', { ok: false, problem: 'missingNumber' }],
    ['bot', '1', '123456', { ok: false, problem: 'invalidNumber' }],
    ['bot', '1', '0612345678', { ok: false, problem: 'invalidNumber' }],
    ['bot', '1', '1234567890123456', { ok: false, problem: 'invalidNumber' }],
    ['bot', '1', '3231234', { ok: false, problem: 'invalidNumber' }],
    ['bot', '1', '4155550100', { ok: true, phoneNumber: '14155550100' }],
    ['bot', '33', '612345678', { ok: true, phoneNumber: '33612345678' }],
  ] as const)('%j +%s %j', (botId, dial, typed, expected) => {
    expect(checkNumberToLink(botId, dial, typed)).toEqual(expected);
  });
});

describe('countryOptions', () => {
  it('names the countries in the interface language, the default +1 first, then sorted', () => {
    const english = countryOptions('en');
    const french = countryOptions('fr');
    expect(english.length).toBeGreaterThanOrEqual(150);
    expect(english[0]).toEqual({ value: 'US', label: 'United States (+1)' });
    expect(french.find((option) => option.value === 'DE')?.label).toBe('Allemagne (+49)');
    const rest = french.slice(1).map((option) => option.label);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(new Set(english.map((option) => option.value)).size).toBe(english.length);
  });
});
