import { describe, expect, it } from 'vitest';
import { closestKnownAnswer, isFixed, type KnownAnswer } from './knownAnswers.ts';

const written = new Date('2026-11-20T10:00:00Z');
const pair = (id: string, question: string): KnownAnswer => ({ id, question, answer: `answer ${id}`, updatedAt: written });
const KNOWN = [
  pair('gift', 'Do you sell gift cards?'),
  pair('reset', 'How do I reset my password?'),
  pair('wifi', 'What is the wifi password?'),
];

describe('closestKnownAnswer', () => {
  it.each([
    ['the same question', 'Do you sell gift cards?', 'gift'],
    ['another wording', 'Gift cards: do you sell them?', 'gift'],
    ['a plural and a capital', 'DO YOU SELL GIFT CARD', 'gift'],
    ['the most alike of two that share a word', 'password reset', 'reset'],
    ['a question no pair is close to', 'Do you deliver to Paris?', null],
    ['a question sharing one word only', 'Where do I reset the router?', null],
  ])('answers %s from the right pair', (_case, question, expected) => {
    expect(closestKnownAnswer(question, 'en', KNOWN)?.id ?? null).toBe(expected);
  });

  it('finds nothing among no pairs', () => {
    expect(closestKnownAnswer('Do you sell gift cards?', 'en', [])).toBeNull();
  });

  it('compares French questions by their French stems', () => {
    const french = [pair('cadeau', 'Vendez-vous des cartes cadeaux ?')];
    expect(closestKnownAnswer('Vendez-vous des cartes cadeau en ligne ?', 'fr', french)?.id).toBe('cadeau');
  });
});

describe('isFixed', () => {
  it.each([
    ['asked before the answer was written', '2026-11-19T10:00:00Z', true],
    ['asked after it (the answer did not help)', '2026-11-21T10:00:00Z', false],
  ])('counts an exchange %s', (_case, askedAt, fixed) => {
    expect(isFixed({ question: 'Gift cards: do you sell them?', askedAt: new Date(askedAt) }, 'en', KNOWN)).toBe(fixed);
  });

  it('leaves an exchange no pair answers', () => {
    expect(isFixed({ question: 'Do you deliver to Paris?', askedAt: new Date('2026-11-19T10:00:00Z') }, 'en', KNOWN)).toBe(false);
  });
});
