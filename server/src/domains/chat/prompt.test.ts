import { describe, expect, it } from 'vitest';
import type { Passage } from './passage.ts';
import { buildSystemPrompt, promptPassage, type PromptBot } from './prompt.ts';

const promptBot: PromptBot = {
  generatedPrompt: 'You are the assistant of Velo Bikes.',
  botPrompt: null,
  displayName: 'Ava',
  tone: 'custom',
  customToneDescription: 'like a pirate',
  responseStyle: 'concise',
  languageCode: 'fr',
  followUpBehavior: 'suggest-contact',
};

function passage(index: number, content: string, where: Partial<Passage['source']> & { heading?: string | null } = {}): Passage {
  const { heading = null, ...source } = where;
  return {
    index,
    chunkId: `chunk-${index}`,
    content,
    score: 1 / index,
    heading,
    source: { type: 'document', id: `doc-${index}`, title: `Doc ${index}`, url: null, page: null, ...source },
  };
}

const refunds = passage(1, 'Refunds are accepted within 30 days of delivery.', {
  title: 'Policy.pdf',
  page: 3,
  heading: 'Returns > Refunds',
});
const delivery = passage(2, '  Orders ship within two days.\n', {
  title: 'Shipping',
  type: 'web_page',
  url: 'https://velo.example/shipping',
});

describe('promptPassage', () => {
  it.each([
    [
      'a document page under a heading path',
      refunds,
      '<passage n="1" source="Policy.pdf" page="3" section="Returns > Refunds">\nRefunds are accepted within 30 days of delivery.\n</passage>',
    ],
    [
      'a web page without heading, its text trimmed',
      delivery,
      '<passage n="2" source="Shipping">\nOrders ship within two days.\n</passage>',
    ],
    [
      'a heading without a page',
      passage(7, 'Idle connections close after 72 s.', { title: 'Server.md', heading: 'Server > keepAliveTimeout' }),
      '<passage n="7" source="Server.md" section="Server > keepAliveTimeout">\nIdle connections close after 72 s.\n</passage>',
    ],
    [
      'quotes and line breaks in its title and heading',
      passage(4, 'Text.', { title: 'The "Guide"', page: 12, heading: 'Setup >\n  Keys' }),
      '<passage n="4" source="The &quot;Guide&quot;" page="12" section="Setup > Keys">\nText.\n</passage>',
    ],
    [
      'a footnote of its own, kept inside the tag',
      passage(3, '[6] In 2014, Debian changed its init system.', { title: 'Chapitre 11' }),
      '<passage n="3" source="Chapitre 11">\n[6] In 2014, Debian changed its init system.\n</passage>',
    ],
  ])('tags %s with its number, source and section', (_case, given, expected) => {
    expect(promptPassage(given)).toBe(expected);
  });
});

describe('buildSystemPrompt', () => {
  it('puts the bot prompt first, then tone, style, language and rules, then the passages in their citation order', () => {
    const prompt = buildSystemPrompt(promptBot, [refunds, delivery]);
    expect(prompt.startsWith('You are the assistant of Velo Bikes.')).toBe(true);
    const order = [
      'Your tone is like a pirate.',
      'two or three sentences',
      'Answer in French',
      'cite the passages you use by their number, as [1] or [2][3]',
      'suggest contacting the team',
      'Knowledge passages:\n<passage n="1" source="Policy.pdf" page="3" section="Returns > Refunds">\nRefunds are accepted',
      '</passage>\n<passage n="2" source="Shipping">\nOrders ship within two days.\n</passage>',
    ].map((part) => prompt.indexOf(part));
    expect(order.every((position) => position >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(prompt.endsWith('Orders ship within two days.\n</passage>')).toBe(true);
  });

  it.each([
    ['formal tone', { tone: 'formal' }, 'Your tone is formal and courteous.'],
    ['a custom tone with no description falls back to friendly', { tone: 'custom', customToneDescription: null }, 'warm, approachable'],
    ['the bot owner’s own prompt over the generated one', { botPrompt: '  You sell bikes.  ' }, 'You sell bikes.\n\nYour name is Ava.'],
    ['no prompt at all', { botPrompt: null, generatedPrompt: '' }, 'You are Ava, a helpful assistant.'],
    ['an unknown language', { languageCode: 'xx' }, 'Answer in English'],
    ['no follow-up', { followUpBehavior: 'none' }, 'say so plainly and briefly.'],
  ])('follows the bot: %s', (_case, overrides, expected) => {
    expect(buildSystemPrompt({ ...promptBot, ...overrides }, [refunds])).toContain(expected);
  });

  it('gives every passage once and says when no passage matched', () => {
    const passages = Array.from({ length: 8 }, (_, position) => passage(position + 1, `Fact number ${position + 1}.`));
    const prompt = buildSystemPrompt(promptBot, passages);
    const tagged = [...prompt.matchAll(/^<passage n="(\d+)" source="Doc \1">\nFact number \1\.\n<\/passage>$/gm)];
    expect(tagged.map((match) => Number(match[1]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(buildSystemPrompt(promptBot, [])).toMatch(/Knowledge passages:\n\(no passage matched this question\)$/);
  });
});
