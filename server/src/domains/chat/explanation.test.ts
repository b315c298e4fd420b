import { describe, expect, it } from 'vitest';
import { Prisma } from '../../generated/prisma/client.ts';
import { explainAnswer, type ExplainedAnswer } from './explanation.ts';

const citation = {
  index: 1,
  title: 'policies.txt',
  url: null,
  page: 2,
  snippet: 'The store opens at 9 am.',
  sourceType: 'document' as const,
  sourceId: 'd1',
};
const given = { ...citation, heading: 'Opening hours', score: 0.82, citedAs: 1 };

const answer = (fields: Partial<ExplainedAnswer>): ExplainedAnswer => ({
  givenPassages: [given],
  sources: [citation],
  model: 'extractive',
  latencyMs: 12,
  costCredits: new Prisma.Decimal('0.5'),
  promptTokens: 10,
  completionTokens: 4,
  ...fields,
});

describe('explainAnswer', () => {
  it.each([
    ['the offline answerer', { model: 'extractive' }, { author: 'offline', model: null }],
    ['an answer stored without a model', { model: null }, { author: 'offline', model: null }],
    ['a model', { model: 'gpt-4o-mini' }, { author: 'model', model: 'gpt-4o-mini' }],
  ])('names %s', (_, fields, expected) => {
    expect(explainAnswer(answer(fields))).toMatchObject(expected);
  });

  it('lists the kept passages with their scores and the cost as a number', () => {
    expect(explainAnswer(answer({}))).toEqual({
      passages: [given],
      passagesKept: true,
      author: 'offline',
      model: null,
      latencyMs: 12,
      costCredits: 0.5,
      promptTokens: 10,
      completionTokens: 4,
    });
  });

  it('falls back to the cited sources, without scores, for an answer stored before passages were kept', () => {
    const explained = explainAnswer(answer({ givenPassages: null }));
    expect(explained.passagesKept).toBe(false);
    expect(explained.passages).toEqual([{ ...citation, heading: null, score: null, citedAs: 1 }]);
  });
});
