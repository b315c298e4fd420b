import { describe, expect, it } from 'vitest';
import type { RetrievedChunk } from '../knowledge/retrieval/retrievedChunk.ts';
import { answerQuestion, type AnswerBot } from './engine.ts';
import { answers, asksHow, citationNumbers, cleanQuote, extractiveAnswer, quoteLines } from './extractive.ts';
import { notFoundReply } from './language.ts';
import type { Passage } from './passage.ts';
import { citedSources, contentTerms, relevantPassages } from './passages.ts';
import { passageSentences, sentencesOf } from './passageReading.ts';

const passage = (index: number, content: string, title = `Doc ${index}`): Passage => ({
  index,
  chunkId: `chunk-${index}`,
  content,
  score: 1 / index,
  source: { type: 'document', id: `doc-${index}`, title, url: null, page: index },
});

const refundPolicy = passage(
  1,
  'Orders ship within two days. Refunds are accepted within 30 days of delivery. Keep your receipt.',
  'Policy.pdf',
);
const opening = passage(2, 'Our shop opens at 9 am from Monday to Saturday. We are closed on Sundays.', 'Hours.md');
const bot = { languageCode: 'en', followUpBehavior: 'ask-more' };

describe('contentTerms', () => {
  it.each([
    ['What is your refund policy?', ['refund', 'policy']],
    ['Les remboursements sont-ils acceptés ?', ['remboursement', 'accepte']],
    ['Do you ship to the USA in 2 days', ['ship', 'usa', '2', 'day']],
  ])('reads %s as %j', (text, terms) => {
    expect(contentTerms(text)).toEqual(terms);
  });
});

describe('sentencesOf', () => {
  it.each([
    ['One. Two! Three?', ['One.', 'Two!', 'Three?']],
    ['Price is 3.50 dollars. Next', ['Price is 3.50 dollars.', 'Next']],
    ['no punctuation at all', ['no punctuation at all']],
    ['Use a parser, e.g. JSON. Then reply.', ['Use a parser, e.g. JSON.', 'Then reply.']],
    ['Written by J. R. Smith. Edited later.', ['Written by J. R. Smith.', 'Edited later.']],
    ['Maintained by J.H.M. Bouwman until 2002. Then others.', ['Maintained by J.H.M. Bouwman until 2002.', 'Then others.']],
    ['Since v1.2 it is faster. Upgrade.', ['Since v1.2 it is faster.', 'Upgrade.']],
    ['Run it with Node.js. Next step.', ['Run it with Node.js.', 'Next step.']],
  ])('splits %s', (text, sentences) => {
    expect(sentencesOf(text)).toEqual(sentences);
  });
});

describe('passageSentences', () => {
  it.each([
    [
      'a list introduced with ":" comes with its sentence',
      'It accepts:\n\n- `json`\n- `text`\n\nOther text.',
      ['It accepts:\n- `json`\n- `text`', 'Other text.'],
    ],
    [
      'a command after an unfinished sentence comes with it',
      'Lancez la commande\n\nsystemctl get-default\n\nFin.',
      ['Lancez la commande\nsystemctl get-default', 'Fin.'],
    ],
    [
      'list items are sentences of their own',
      '- Refunds take 30 days.\n- Keep your receipt.',
      ['- Refunds take 30 days.', '- Keep your receipt.'],
    ],
    ['Markdown quotes are read as text, tables left out', '> Note: slow.\n> Really.\n\n| a | b |\n|---|---|', ['Note: slow.', 'Really.']],
  ])('%s', (_, content, sentences) => {
    expect(passageSentences(content).map((sentence) => sentence.sentence)).toEqual(sentences);
  });

  it('keeps a fenced code block whole, and lets the sentence announcing it bring it to a how-to question', () => {
    expect(passageSentences('Register it:\n\n```js\nfastify.register(plugin)\n```\n')).toEqual([
      { sentence: 'Register it:', code: false, introduces: '```js\nfastify.register(plugin)\n```' },
    ]);
    expect(passageSentences('Intro.\n\n```js\na()\n```')).toEqual([
      { sentence: 'Intro.', code: false },
      { sentence: '```js\na()\n```', code: true },
    ]);
  });
});

describe('cleanQuote', () => {
  it.each([
    ['**Bold** and *emphasis* stay words', 'Bold and emphasis stay words'],
    ['See [the docs](https://example.org/docs) and [Routes][routes].', 'See the docs and Routes.'],
    ['<a id="x"></a>The server closes.', 'The server closes.'],
    ['- a list item', 'a list item'],
    ['2. a numbered item', 'a numbered item'],
    ['"idle" — idle connections are closed.', '"idle" — idle connections are closed.'],
    ['“a stray opening mark', 'a stray opening mark'],
    ['max_body_size and `snake_case` stay', 'max_body_size and `snake_case` stay'],
  ])('%j → %j', (quote, cleaned) => {
    expect(cleanQuote(quote)).toBe(cleaned);
  });
});

describe('citationNumbers', () => {
  it.each([
    [
      [2, 6, 8],
      [
        [2, 1],
        [6, 2],
        [8, 3],
      ],
    ],
    [
      [5, 5, 1, 5],
      [
        [5, 1],
        [1, 2],
      ],
    ],
    [[], []],
  ])('numbers passages %j in the order they are cited', (cited, numbers) => {
    expect([...citationNumbers(cited)]).toEqual(numbers);
  });
});

describe('answers', () => {
  it.each([
    [
      'a sentence and its passage holding most of the question',
      { sentenceCoverage: 0.6, passageCoverage: 0.8, shortWithUnknownWord: false },
      true,
    ],
    [
      'the question spread over a passage, no sentence holding a quarter',
      { sentenceCoverage: 0.2, passageCoverage: 0.8, shortWithUnknownWord: false },
      false,
    ],
    [
      'a sentence matching, its passage missing the rarest words',
      { sentenceCoverage: 0.3, passageCoverage: 0.3, shortWithUnknownWord: false },
      false,
    ],
    ['a two-word question with a word found nowhere', { sentenceCoverage: 0.7, passageCoverage: 0.7, shortWithUnknownWord: true }, false],
  ])('%s → %s', (_, evidence, answered) => {
    expect(answers(evidence)).toBe(answered);
  });
});

describe('quoteLines', () => {
  it.each([
    ['One sentence.', 2, '> One sentence. [2]'],
    ['It accepts:\n- `json`\n- `text`', 1, '> It accepts:\n> - `json`\n> - `text` [1]'],
    [
      'Register it:\n```js\nfastify.register(plugin)\n\nawait fastify.ready()\n```',
      3,
      '> Register it:\n> `fastify.register(plugin)`\n> `await fastify.ready()` [3]',
    ],
  ])('%j', (quote, number, lines) => {
    expect(quoteLines(quote, number)).toBe(lines);
  });
});

describe('asksHow', () => {
  it.each([
    ['How do I register a plugin?', true],
    ['Comment activer les journaux ?', true],
    ['Quelle commande affiche la version ?', true],
    ['How long are connections kept open?', false],
    ['What is the default port?', false],
  ])('%j → %s', (question, how) => {
    expect(asksHow(question)).toBe(how);
  });
});

describe('relevantPassages', () => {
  it('keeps passages sharing a content word with the question and drops the rest', () => {
    expect(relevantPassages('When are refunds accepted?', [refundPolicy, opening])).toEqual([refundPolicy]);
    expect(relevantPassages('Tell me about quantum physics', [refundPolicy, opening])).toEqual([]);
    expect(relevantPassages('what is it?', [refundPolicy])).toEqual([]);
  });
});

describe('extractiveAnswer', () => {
  it('quotes the best matching sentence with its citation', () => {
    const answer = extractiveAnswer('How many days do I have for a refund?', [refundPolicy, opening], bot);
    expect(answer.answered).toBe(true);
    expect(answer.text).toContain('> Refunds are accepted within 30 days of delivery. [1]');
    expect(answer.text.startsWith('Here is what I found in my knowledge base:')).toBe(true);
    expect(answer.sources).toEqual([
      expect.objectContaining({ index: 1, title: 'Policy.pdf', page: 1, snippet: 'Refunds are accepted within 30 days of delivery.' }),
    ]);
  });

  it("reads a chunk again when its text, heading or source's title changed since it was last read", () => {
    const question = 'When do orders ship?';
    const reworded = { ...refundPolicy, content: 'Parcels leave the warehouse on Mondays. Orders ship within five days.' };
    expect(extractiveAnswer(question, [refundPolicy], bot).text).toContain('> Orders ship within two days. [1]');
    expect(extractiveAnswer(question, [reworded], bot).text).toContain('> Orders ship within five days. [1]');
    const retitled = { ...reworded, content: 'Parcels leave on Mondays.', source: { ...reworded.source, title: 'Orders shipping.pdf' } };
    expect(relevantPassages(question, [retitled])).toEqual([retitled]);
    expect(relevantPassages(question, [{ ...retitled, source: { ...retitled.source, title: 'Calendar.pdf' } }])).toEqual([]);
    expect(
      relevantPassages(question, [{ ...retitled, heading: 'Orders', source: { ...retitled.source, title: 'Calendar.pdf' } }]),
    ).toHaveLength(1);
  });

  it('answers in the bot language and follows the follow-up behaviour when nothing matches', () => {
    const french = extractiveAnswer('Parlez-moi de physique quantique', [refundPolicy], {
      languageCode: 'fr',
      followUpBehavior: 'suggest-contact',
    });
    expect(french).toEqual({ text: notFoundReply('fr', 'suggest-contact'), sources: [], citedAs: new Map(), answered: false });
    expect(french.text).toMatch(/contacter directement notre équipe/);
  });

  it.each([
    ['ask-more', /Could you tell me a bit more/],
    ['suggest-contact', /contact our team/],
    ['none', /^I could not find information about that in my knowledge base\.$/],
  ])('says it does not know with follow-up %s', (followUpBehavior, reply) => {
    expect(notFoundReply('en', followUpBehavior)).toMatch(reply);
  });
});

describe('answerQuestion by the extractive answerer', () => {
  const chunk = ({ index, content, source }: Passage): RetrievedChunk => ({
    chunkId: `chunk-${index}`,
    content,
    score: 1 / index,
    vectorScore: null,
    textRank: 0.5,
    heading: null,
    // The fixtures' passages are documents' (a Q&A pair is never retrieved as a chunk).
    source: source as RetrievedChunk['source'],
  });
  const answerBot = (languageCode: string): AnswerBot => ({
    ...bot,
    languageCode,
    generatedPrompt: '',
    botPrompt: null,
    displayName: 'Velo',
    tone: 'friendly',
    customToneDescription: null,
    responseStyle: 'concise',
    creativity: 0.2,
    maxTokens: 500,
  });
  const ask = (question: string, chunks: readonly RetrievedChunk[], languageCode = 'en') => {
    const tokens: string[] = [];
    const result = answerQuestion({
      bot: answerBot(languageCode),
      question,
      chunks,
      history: [],
      answerer: { kind: 'extractive' },
      onToken: (token) => tokens.push(token),
    });
    return result.then((answer) => ({ answer, tokens }));
  };

  it('writes the answer to a retrieval result once per question and bot language, and streams it every time', async () => {
    const kept = [chunk(refundPolicy), chunk(opening)];
    const first = await ask('When do orders ship?', kept);
    const again = await ask('When do orders ship?', kept);
    expect(again.answer).toBe(first.answer);
    expect(again.tokens).toEqual(first.tokens);
    expect(first.tokens.join('')).toBe(first.answer.text);
    expect(first.answer.text).toContain('> Orders ship within two days. [1]');

    const other = await ask('When does the shop open?', kept);
    expect(other.answer.text).toContain('> Our shop opens at 9 am from Monday to Saturday. [1]');
    const french = await ask('When do orders ship?', kept, 'fr');
    expect(french.answer).not.toBe(first.answer);
    // The same knowledge read again (a new result) is read through again.
    const reread = await ask('When do orders ship?', [chunk({ ...refundPolicy, content: 'Orders ship within five days.' })]);
    expect(reread.answer.text).toContain('> Orders ship within five days. [1]');
  });
});

describe('citedSources', () => {
  it('credits the passages the answer cites', () => {
    expect(citedSources('Refunds take 30 days [1]. We open at 9 [2].', [refundPolicy, opening]).map((citation) => citation.index)).toEqual([
      1, 2,
    ]);
  });

  it('falls back to the passage sharing the most words, or nothing', () => {
    expect(citedSources('Refunds are accepted within 30 days.', [opening, refundPolicy]).map((citation) => citation.index)).toEqual([1]);
    expect(citedSources('Hello there!', [refundPolicy])).toEqual([]);
  });
});
