import { describe, expect, it } from 'vitest';
import { groupAttention, stemSimilarity, topTopics, type AttentionItem } from './attention.ts';

let sequence = 0;
function item(question: string, overrides: Partial<AttentionItem> = {}): AttentionItem {
  sequence += 1;
  return {
    answerId: `answer-${String(sequence).padStart(3, '0')}`,
    botId: 'bot-1',
    botName: 'Helpdesk',
    botLanguageCode: 'en',
    channel: 'widget',
    question,
    answer: 'I could not find that.',
    askedAt: new Date(Date.UTC(2026, 10, 1, 0, sequence)),
    unanswered: true,
    ratedDown: false,
    ratingComment: null,
    ...overrides,
  };
}

describe('stemSimilarity', () => {
  it.each([
    [['reset', 'password'], ['password', 'reset'], 1],
    [['reset', 'password'], ['wifi', 'password'], 0.5],
    [['a', 'b', 'c'], ['a', 'b', 'd'], 2 / 3],
    [[], ['a'], 0],
  ])('%j ~ %j is %d', (a, b, expected) => {
    expect(stemSimilarity(new Set(a), new Set(b))).toBeCloseTo(expected);
  });
});

describe('groupAttention', () => {
  it('shows one question asked several ways once, with its count, newest wording first', () => {
    const groups = groupAttention([
      item('How do I reset my password?'),
      item('password reset'),
      item('What is the wifi password?'),
      item('How can I reset the password?'),
    ]);
    expect(groups.map((group) => [group.question, group.count])).toEqual([
      ['How can I reset the password?', 3],
      ['What is the wifi password?', 1],
    ]);
  });

  it('keeps the same question to two bots apart', () => {
    const groups = groupAttention([item('opening hours'), item('opening hours', { botId: 'bot-2' })]);
    expect(groups).toHaveLength(2);
  });

  it('groups questions without a content word only with the same text', () => {
    const groups = groupAttention([item('Hello?'), item('hello'), item('Hi!')]);
    expect(groups.map((group) => group.count).sort()).toEqual([1, 2]);
  });

  it('says why a group needs attention: unanswered, rated down, or both', () => {
    const [group] = groupAttention([
      item('refund policy', { unanswered: false, ratedDown: true, ratingComment: 'wrong' }),
      item('refund policy'),
    ]);
    expect(group!.reasons).toEqual(['UNANSWERED', 'RATED_DOWN']);
  });

  it('orders by frequency, or by the newest question', () => {
    const items = [item('shipping cost'), item('shipping cost'), item('return window')];
    expect(groupAttention(items, 'MOST_FREQUENT').map((group) => group.question)).toEqual(['shipping cost', 'return window']);
    expect(groupAttention(items, 'NEWEST').map((group) => group.question)).toEqual(['return window', 'shipping cost']);
  });

  it('reads a French question with French stems', () => {
    const groups = groupAttention([
      item('Comment réinitialiser mon mot de passe ?', { botLanguageCode: 'fr' }),
      item('réinitialisation du mot de passe', { botLanguageCode: 'fr' }),
    ]);
    expect(groups).toHaveLength(1);
  });
});

describe('topTopics', () => {
  const asked = (question: string) => ({ question, languageCode: 'en' });

  it('counts alike questions as one topic, the most asked first, with the earlier period beside', () => {
    const topics = topTopics(
      [asked('Do you ship to Canada?'), asked('refund policy'), asked('shipping to Canada'), asked('Do you ship to Canada')],
      [asked('ship to Canada?'), asked('opening hours')],
      5,
    );
    expect(topics).toEqual([
      { question: 'Do you ship to Canada?', count: 3, previousCount: 1 },
      { question: 'refund policy', count: 1, previousCount: 0 },
    ]);
  });

  it('keeps the most asked within the limit', () => {
    expect(topTopics([asked('a question about cats'), asked('dogs'), asked('dogs')], [], 1)).toEqual([
      { question: 'dogs', count: 2, previousCount: 0 },
    ]);
  });
});
