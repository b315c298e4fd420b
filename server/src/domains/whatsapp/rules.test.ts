import { describe, expect, it } from 'vitest';
import { checkPhoneNumber, linkCodeIn, PHONE_NUMBER_MESSAGES, registrationLink, splitMessage } from './rules.ts';

describe('checkPhoneNumber', () => {
  it.each([
    ['', { ok: false, message: PHONE_NUMBER_MESSAGES.missing }],
    ['   ', { ok: false, message: PHONE_NUMBER_MESSAGES.missing }],
    ['14155550100', { ok: true, digits: '14155550100' }],
    ['+1 (415) 555-0100', { ok: true, digits: '14155550100' }],
    ['1234567', { ok: true, digits: '1234567' }],
    ['123456', { ok: false, message: PHONE_NUMBER_MESSAGES.invalid }],
    ['123456789012345', { ok: true, digits: '123456789012345' }],
    ['1234567890123456', { ok: false, message: PHONE_NUMBER_MESSAGES.invalid }],
    ['0612345678', { ok: false, message: PHONE_NUMBER_MESSAGES.invalid }],
    ['abc', { ok: false, message: PHONE_NUMBER_MESSAGES.invalid }],
  ])('%j', (raw, expected) => {
    expect(checkPhoneNumber(raw)).toEqual(expected);
  });
});

describe('splitMessage', () => {
  it.each([
    ['short', 10, ['short']],
    ['', 10, []],
    ['one two three four', 10, ['one two', 'three four']],
    ['A first sentence. Then more words', 24, ['A first sentence.', 'Then more words']],
    ['para one\n\npara two is here', 20, ['para one', 'para two is here']],
    ['abcdefghijklmnop', 5, ['abcde', 'fghij', 'klmno', 'p']],
  ])('%j at %i', (text, limit, parts) => {
    expect(splitMessage(text, limit)).toEqual(parts);
  });

  it('keeps every part of a long answer under the limit and loses nothing', () => {
    const text = Array.from({ length: 900 }, (_, index) => `Sentence number ${index} says something.`).join(' ');
    const parts = splitMessage(text);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((part) => part.length <= 4096)).toBe(true);
    expect(parts.join(' ')).toBe(text);
  });
});

describe('link codes', () => {
  it.each([
    ['Link my number, code ABCD2345', 'ABCD2345'],
    ['link my number, code abcd2345', 'ABCD2345'],
    ['Hello ABCD2345', null],
    ['Link my number, code ABC', null],
  ])('%j', (text, code) => {
    expect(linkCodeIn(text)).toBe(code);
  });

  it('prefills the registration text in the wa.me link', () => {
    const link = registrationLink('15550001111', 'ABCD2345');
    expect(link).toBe('https://wa.me/15550001111?text=Link%20my%20number%2C%20code%20ABCD2345');
    expect(linkCodeIn(decodeURIComponent(new URL(link).searchParams.get('text')!))).toBe('ABCD2345');
  });
});
