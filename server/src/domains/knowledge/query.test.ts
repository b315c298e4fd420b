import { describe, expect, it } from 'vitest';
import { collectionForModel } from './collections.ts';
import { commonWordsOf, probeOrder, queryTerms, soloProbes } from './retrieval/retrieval.ts';

describe('queryTerms', () => {
  it.each([
    { query: 'How long is the refund window?', expected: ['long', 'refund', 'window'] },
    { query: 'What are your opening hours?', expected: ['open', 'hour'] },
    { query: 'error E4521 error', expected: ['error', 'e4521'] },
    { query: 'Which badge code opens the volume 5 archive room?', expected: ['badg', 'code', 'open', 'volum', '5', 'archiv', 'room'] },
    { query: 'Où est le café ?', expected: ['cafe'] },
    { query: 'Les livraisons sont-elles gratuites ?', language: 'fr' as const, expected: ['livraison', 'gratuit'] },
    { query: 'what is it', expected: ['what', 'is', 'it'] },
    { query: 'this or that', expected: ['this', 'that'] },
    { query: '  ?!  ', expected: [] },
    { query: '"quoted" -minus or OR', expected: ['quot', 'minus'] },
    {
      query: Array.from({ length: 40 }, (_, index) => `word${index}`).join(' '),
      expected: Array.from({ length: 32 }, (_, index) => `word${index}`),
    },
  ] as { query: string; language?: 'fr'; expected: string[] }[])('$query', ({ query, language, expected }) => {
    expect(queryTerms(query, language)).toEqual(expected);
  });
});

describe('probeOrder', () => {
  it.each([
    { terms: ['reset', 'acme', 'router', 'password'], expected: ['password', 'router', 'reset', 'acme'] },
    { terms: ['error', 'e4521', 'acme'], expected: ['e4521', 'error', 'acme'] },
    { terms: ['one', 'two'], expected: ['one', 'two'] },
  ])('$terms', ({ terms, expected }) => {
    expect(probeOrder(terms)).toEqual(expected);
  });
});

describe('soloProbes', () => {
  const common = new Set(['bike', 'shop']);
  it.each([
    { terms: ['bike', 'warranty', 'shop'], expected: ['warranty'] },
    // Common words only: the all-words probe alone.
    { terms: ['bike', 'shop'], expected: [] },
    // One word: no all-words probe, so it is probed alone, common or not.
    { terms: ['bike'], expected: ['bike'] },
    { terms: ['warranty'], expected: ['warranty'] },
    { terms: ['a1', 'b2', 'c3', 'd4', 'e5', 'f6'], expected: ['a1', 'b2', 'c3', 'd4', 'e5'] },
  ])('$terms', ({ terms, expected }) => {
    expect(soloProbes(terms, common)).toEqual(expected);
  });
});

describe('commonWordsOf', () => {
  it('keeps the words whose share of the chunks makes more than a thousand of them', () => {
    expect([...commonWordsOf(['bike', 'shop', 'zeppelin'], [0.5, 0.01, 0.2], 10_000)]).toEqual(['bike', 'zeppelin']);
    expect([...commonWordsOf(['bike'], [0.5], 1_000)]).toEqual([]);
    expect([...commonWordsOf(['bike'], [], 100_000)]).toEqual([]);
  });
});

describe('collectionForModel', () => {
  it.each(['local-lexical-v1-512', 'openai:text-embedding-3-small', 'openai:nomic-ai/nomic-embed-text-v1.5', '..weird..', 'x'.repeat(400)])(
    'names a valid Chroma collection for %s',
    (modelId) => {
      const name = collectionForModel(modelId);
      expect(name).toMatch(/^[a-z0-9][a-z0-9._-]{1,510}[a-z0-9]$/);
      expect(name).not.toContain('..');
    },
  );

  it('gives different models different collections, even when they slug alike', () => {
    expect(collectionForModel('openai:a/b')).not.toBe(collectionForModel('openai:a:b'));
    expect(collectionForModel('local-lexical-v1-512')).toBe(collectionForModel('local-lexical-v1-512'));
  });
});
