import { describe, expect, it } from 'vitest';
import { LEXICAL_DIMENSIONS, LexicalEmbeddings, lexicalTokens } from './lexical.ts';

const embeddings = new LexicalEmbeddings();

function cosine(a: number[], b: number[]): number {
  return a.reduce((sum, value, index) => sum + value * b[index]!, 0);
}

function norm(vector: number[]): number {
  return Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
}

describe('LexicalEmbeddings', () => {
  it('names its model with its version and dimensions', () => {
    expect(embeddings.modelId).toBe(`local-lexical-v2-${LEXICAL_DIMENSIONS}`);
    expect(new LexicalEmbeddings(64).modelId).toBe('local-lexical-v2-64');
  });

  it('is deterministic across calls and instances, and documents equal queries', async () => {
    const text = 'Our refund window is 30 days from delivery.';
    const [asDocument] = await embeddings.embedDocuments([text]);
    expect(await embeddings.embedQuery(text)).toEqual(asDocument);
    expect(await new LexicalEmbeddings().embedQuery(text)).toEqual(asDocument);
  });

  it('answers one unit vector of the configured length per text', async () => {
    const vectors = await embeddings.embedDocuments(['alpha beta', 'Gamma delta epsilon', 'x']);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(LEXICAL_DIMENSIONS);
      expect(norm(vector)).toBeCloseTo(1, 10);
    }
  });

  it('answers a zero vector for text without words', async () => {
    expect(norm(await embeddings.embedQuery('  ... !!! '))).toBe(0);
  });

  it('folds case and diacritics', () => {
    expect(lexicalTokens('Café CRÈME, naïve-Ünïcode 42')).toEqual(['cafe', 'creme', 'naive', 'unicode', '42']);
  });

  // Each row: a query, the passage it should prefer, and one it should rank lower.
  const cases = [
    {
      name: 'shared rare words beat shared function words',
      query: 'How long is the refund window?',
      related: 'Refunds are accepted within a window of 30 days.',
      unrelated: 'The office is open on weekdays and it is closed on the weekend.',
    },
    {
      name: 'word forms overlap through character n-grams',
      query: 'shipping costs international',
      related: 'We ship internationally; the cost of shipment depends on weight.',
      unrelated: 'Passwords must contain twelve characters.',
    },
    {
      name: 'codes and numbers carry weight',
      query: 'error code E4521',
      related: 'If the display shows E4521, restart the router.',
      unrelated: 'If the display shows nothing, check the power cable.',
    },
    {
      name: 'words meet by stem',
      query: 'What are your opening hours?',
      related: 'We are open Tuesday to Sunday, 7am to 6pm.',
      unrelated: 'The opera season brings new productions.',
    },
    {
      name: 'French words meet by stem',
      query: 'Les livraisons sont-elles gratuites ?',
      related: 'La livraison est gratuite dès 30 euros.',
      unrelated: 'Le magasin ferme le lundi pour inventaire.',
    },
    {
      name: 'accents do not matter',
      query: 'crème brûlée recette',
      related: 'La recette de la creme brulee demande six jaunes.',
      unrelated: 'Le train part de la gare a midi.',
    },
  ];

  it.each(cases)('similarity sanity: $name', async ({ query, related, unrelated }) => {
    const [relatedVector, unrelatedVector] = await embeddings.embedDocuments([related, unrelated]);
    const queryVector = await embeddings.embedQuery(query);
    expect(cosine(queryVector, relatedVector!)).toBeGreaterThan(cosine(queryVector, unrelatedVector!));
    expect(cosine(queryVector, relatedVector!)).toBeGreaterThan(0.1);
  });

  it('scores a text against itself at 1 and against a paraphrase well above an unrelated text', async () => {
    const [a, b, c] = await embeddings.embedDocuments([
      'The warranty covers manufacturing defects for two years.',
      'Manufacturing defects are covered by a two-year warranty.',
      'Our café serves breakfast until eleven.',
    ]);
    expect(cosine(a!, a!)).toBeCloseTo(1, 10);
    expect(cosine(a!, b!)).toBeGreaterThan(0.4);
    expect(cosine(a!, c!)).toBeLessThan(0.2);
  });
});
