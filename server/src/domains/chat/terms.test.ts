import { describe, expect, it } from 'vitest';
import { extractiveAnswer } from './extractive.ts';
import type { Passage } from './passage.ts';
import { questionLanguage, stemmedTerms } from './terms.ts';

describe('stemmedTerms', () => {
  it.each([
    ['What are your opening hours?', 'en', ['open', 'hour']],
    ['preloading plugins', 'en', ['preload', 'plugin']],
    ["Les livraisons de l'atelier", 'fr', ['livraison', 'ateli']],
    ['Café crème', 'fr', ['caf', 'crem']],
    ['How long is the 36 hours fermentation?', 'en', ['36', 'hour', 'ferment']],
    ['How much is the wi-fi?', 'en', ['wi', 'fi', 'wifi']],
    ['Peut-on payer par e-mail ?', 'fr', ['pai', 'mail', 'email']],
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
    ['How much does delivery cost?', 'Delivery costs €4.50.'],
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

  it('quotes only the section the question is about', () => {
    const rental = (index: number, content: string, heading: string) => ({
      ...passage(index, content, heading),
      chunkId: `rental${index}`,
    });
    const answer = extractiveAnswer(
      'Can I cancel my booking the day before?',
      [
        rental(
          1,
          'Group bookings of ten bikes or more need a deposit of 100 euros per booking. We confirm group bookings by email within a day.',
          'Bookings > Group bookings',
        ),
        rental(
          2,
          'Bookings can be cancelled free of charge up to 48 hours before the rental starts. Later cancellations are charged 50 percent of the price.',
          'Bookings > Cancellations',
        ),
        rental(3, 'A dog trailer can be added to any booking for 10 euros a day.', 'Extras > Dog trailer'),
      ],
      BOT,
    );
    expect(answer.text).toContain('**Cancellations**');
    expect(answer.text).toContain('> Later cancellations are charged 50 percent of the price. [1]');
    expect(answer.text).not.toMatch(/group bookings by email|dog trailer/);
    expect(answer.sources.map((source) => source.index)).toEqual([1]);
  });

  it('quotes a sentence opening with a pronoun together with the sentence it refers to', () => {
    const gift = [passage(1, 'Gift cards are sold in the shop. They are valid for two years. We also bake cakes.', 'Gift cards')];
    const answer = extractiveAnswer('How long can a gift card be used?', gift, BOT);
    expect(answer.text).toContain('> Gift cards are sold in the shop. They are valid for two years. [1]');
    expect(answer.text.match(/Gift cards are sold/g)).toHaveLength(1);
  });

  it('answers in the language of the question', () => {
    const french = [passage(1, 'La livraison coûte 4,50 € et elle est gratuite au-delà de 40 €.', 'Livraison')];
    const answer = extractiveAnswer('Combien coûte la livraison ?', french, BOT);
    expect(answer.text).toMatch(/^Voici ce que j’ai trouvé/);
    expect(answer.text).toContain('4,50 €');
    expect(extractiveAnswer('Quel temps fait-il à Paris ?', french, BOT).text).toMatch(/^Je n/);
  });
});
