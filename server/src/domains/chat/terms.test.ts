import { describe, expect, it } from 'vitest';
import { extractiveAnswer } from './extractive.ts';
import type { Passage } from './passages.ts';
import { alternativesOf } from './synonyms.ts';
import { questionLanguage, stemmedTerms } from './terms.ts';

describe('stemmedTerms', () => {
  it.each([
    ['What are your opening hours?', 'en', ['open', 'hour']],
    ['preloading plugins', 'en', ['preload', 'plugin']],
    ["Les livraisons de l'atelier", 'fr', ['livraison', 'ateli']],
    ['Café crème', 'fr', ['caf', 'crem']],
    ['How long is the 36 hours fermentation?', 'en', ['36', 'hour', 'ferment']],
  ] as const)('%j (%s)', (text, language, terms) => {
    expect(stemmedTerms(text, language)).toEqual(terms);
  });
});

describe('questionLanguage', () => {
  it.each([
    ['Quelles sont vos heures d’ouverture ?', 'en', 'fr'],
    ['Combien coûte la livraison ?', 'en', 'fr'],
    ['What does delivery cost?', 'fr', 'en'],
    ['Livraison ?', 'fr', 'fr'],
    ['Delivery?', 'de', 'de'],
  ] as const)('%j with a %s bot', (question, botLanguage, expected) => {
    expect(questionLanguage(question, botLanguage)).toBe(expected);
  });
});

describe('synonyms', () => {
  it('meets a paraphrase by stem, both ways', () => {
    expect([...alternativesOf('ship', 'en')]).toContain('deliveri');
    expect([...alternativesOf('deliveri', 'en')]).toContain('ship');
    expect([...alternativesOf('prix', 'fr')]).toContain('cout');
    expect(alternativesOf('banana', 'en').size).toBe(0);
  });
});

const passage = (index: number, content: string, heading: string | null = null): Passage => ({
  index,
  chunkId: `c${index}`,
  content,
  score: 1,
  heading,
  source: { type: 'document', id: `d${index}`, title: `doc${index}.md`, url: null, page: null },
});

const BOT = { languageCode: 'en', followUpBehavior: 'none' };

describe('extractiveAnswer', () => {
  const passages = [
    passage(1, 'We are open Tuesday to Sunday from 7am to 6pm. The café is closed on Mondays.', 'Opening hours'),
    passage(2, 'Delivery costs €4.50. Eggs come from free-range farms within 50 km.', 'Delivery'),
    passage(3, '| Day | Open |\n|---|---|\n| Monday | no |', null),
  ];

  it.each([
    ['What are your opening hours?', 'We are open Tuesday to Sunday from 7am to 6pm.'],
    ['How much is shipping?', 'Delivery costs €4.50.'],
  ])('answers %j with the sentence that holds the answer', (question, quote) => {
    const answer = extractiveAnswer(question, passages, BOT);
    expect(answer.answered).toBe(true);
    expect(answer.text).toContain(quote);
    expect(answer.text).not.toContain('Eggs come');
    expect(answer.text).not.toContain('|');
  });

  it.each(['What is the capital of Australia?', 'Do you offer yoga classes for seniors?'])('refuses %j', (question) => {
    expect(extractiveAnswer(question, passages, BOT)).toMatchObject({ answered: false, sources: [] });
  });

  it('answers in the language of the question', () => {
    const french = [passage(1, 'La livraison coûte 4,50 € et elle est gratuite au-delà de 40 €.', 'Livraison')];
    const answer = extractiveAnswer('Combien coûte la livraison ?', french, BOT);
    expect(answer.text).toMatch(/^Voici ce que j’ai trouvé/);
    expect(answer.text).toContain('4,50 €');
    expect(extractiveAnswer('Quel temps fait-il à Paris ?', french, BOT).text).toMatch(/^Je n/);
  });
});
