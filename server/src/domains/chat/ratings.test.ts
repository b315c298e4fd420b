import { describe, expect, it } from 'vitest';
import { parseInput } from '../../platform/validation.ts';
import { MAX_RATING_COMMENT_LENGTH, oneLineComment, RATING_MESSAGES, ratingInput, thumbRating } from './ratings.ts';

describe('oneLineComment', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['', null],
    ['   \n\t ', null],
    ['Wrong opening hours', 'Wrong opening hours'],
    ['  Wrong\nopening   hours \r\n', 'Wrong opening hours'],
  ])('%j is kept as %j', (text, kept) => {
    expect(oneLineComment(text)).toBe(kept);
  });
});

describe('ratingInput', () => {
  const long = 'x'.repeat(MAX_RATING_COMMENT_LENGTH + 1);
  it.each([
    [{ rating: 'up' }, { rating: 'up', comment: null }],
    [{ rating: 'down' }, { rating: 'down', comment: null }],
    [
      { rating: 'down', comment: ' Too vague\n' },
      { rating: 'down', comment: 'Too vague' },
    ],
    [
      { rating: 'up', comment: '   ' },
      { rating: 'up', comment: null },
    ],
    [
      { rating: 'down', comment: 'x'.repeat(MAX_RATING_COMMENT_LENGTH) },
      { rating: 'down', comment: 'x'.repeat(MAX_RATING_COMMENT_LENGTH) },
    ],
  ])('accepts %j', (raw, parsed) => {
    expect(parseInput(ratingInput, raw)).toEqual(parsed);
  });

  it.each([
    [{}, RATING_MESSAGES.rating],
    [{ rating: 'meh' }, RATING_MESSAGES.rating],
    [{ rating: 'UP' }, RATING_MESSAGES.rating],
    [{ rating: 'up', comment: 'Great' }, RATING_MESSAGES.commentOnDownOnly],
    [{ rating: 'down', comment: long }, RATING_MESSAGES.commentTooLong],
    [{ rating: 'down', comment: 42 }, RATING_MESSAGES.commentText],
  ])('refuses %j', (raw, message) => {
    expect(() => parseInput(ratingInput, raw)).toThrow(message);
  });
});

describe('thumbRating', () => {
  it.each([
    ['👍', 'up'],
    ['👎', 'down'],
    [' 👍🏾 ', 'up'],
    ['👎🏻', 'down'],
    ['👍\uFE0F', 'up'],
    ['👍👍', null],
    ['👍 thanks', null],
    ['How long does shipping take? 👍', null],
    ['ok', null],
    ['', null],
  ])('%j rates %j', (text, rating) => {
    expect(thumbRating(text)).toBe(rating);
  });
});
