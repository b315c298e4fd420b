import { describe, expect, it } from 'vitest';
import { markdownSections } from './markdown.ts';
import { hasMeaningfulText, normalizeText } from './normalize.ts';
import { DEFAULT_SPLIT, splitSections } from './split.ts';

describe('normalizeText', () => {
  it.each([
    { name: 'unifies newlines', input: 'a\r\nb\rc', expected: 'a\nb\nc' },
    { name: 'expands ligatures', input: 'ﬁne ﬂow', expected: 'fine flow' },
    { name: 'drops invisible characters', input: 'in\u00advis\u200bible\ufeff', expected: 'invisible' },
    { name: 'drops control characters', input: 'a\u0000b\u0007c', expected: 'abc' },
    { name: 'joins words hyphenated across lines', input: 'infor-\nmation', expected: 'information' },
    { name: 'keeps real hyphens', input: 'well-known', expected: 'well-known' },
    { name: 'collapses spaces and tabs', input: 'a \t  b\u00a0\u00a0c', expected: 'a b c' },
    { name: 'trims line ends', input: 'a   \n   b', expected: 'a\nb' },
    { name: 'keeps at most one blank line', input: 'a\n\n\n\n\nb', expected: 'a\n\nb' },
    { name: 'turns form feeds into paragraph breaks', input: 'page one\fpage two', expected: 'page one\n\npage two' },
  ])('$name', ({ input, expected }) => {
    expect(normalizeText(input)).toBe(expected);
  });

  it.each([
    ['   \n\t ', false],
    ['.,;!?', false],
    ['a', true],
    ['42', true],
    ['日本', true],
  ] as const)('hasMeaningfulText(%j) is %s', (text, expected) => {
    expect(hasMeaningfulText(text)).toBe(expected);
  });
});

describe('markdownSections', () => {
  it('sections by heading path, without repeating the heading lines', () => {
    const markdown = [
      'Preamble.',
      '# Guide',
      'Intro.',
      '## Install',
      'Run it.',
      '### Linux',
      'apt.',
      '## Use',
      'Go.',
      '# Other',
      'Else.',
    ].join('\n');
    expect(markdownSections(markdown)).toEqual([
      { heading: null, text: 'Preamble.' },
      { heading: 'Guide', text: 'Intro.' },
      { heading: 'Guide > Install', text: 'Run it.' },
      { heading: 'Guide > Install > Linux', text: 'apt.' },
      { heading: 'Guide > Use', text: 'Go.' },
      { heading: 'Other', text: 'Else.' },
    ]);
  });

  it('ignores # lines inside fenced code', () => {
    expect(markdownSections('# Real\n```sh\n# a comment\n```\n~~~\n# another\n~~~')).toEqual([
      { heading: 'Real', text: '```sh\n# a comment\n```\n~~~\n# another\n~~~' },
    ]);
  });

  it('reads setext headings and closing hashes', () => {
    expect(markdownSections('Title\n=====\nBody.\nSub\n---\nMore.\n## Closed ##\nEnd.')).toEqual([
      { heading: 'Title', text: 'Body.' },
      { heading: 'Title > Sub', text: 'More.' },
      { heading: 'Title > Closed', text: 'End.' },
    ]);
  });

  it('drops headings without text', () => {
    expect(markdownSections('# Empty\n# Full\ntext')).toEqual([{ heading: 'Full', text: 'text' }]);
  });
});

describe('splitSections', () => {
  const sentence = (index: number) => `Sentence ${index} explains the policy number ${index} in a few plain words.`;
  const longText = Array.from({ length: 120 }, (_, index) => sentence(index)).join(' ');

  it.each([
    { chunkSize: 200, chunkOverlap: 0 },
    { chunkSize: 300, chunkOverlap: 60 },
    { chunkSize: 1000, chunkOverlap: 150 },
    { chunkSize: 80, chunkOverlap: 20 },
  ])('keeps every chunk within $chunkSize characters (overlap $chunkOverlap)', async (options) => {
    const chunks = await splitSections([{ heading: 'Policy', text: longText, page: 4 }], options);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.content.length).toBeLessThanOrEqual(options.chunkSize);
      expect(chunk.content.length).toBeGreaterThan(0);
      expect(chunk).toMatchObject({ heading: 'Policy', page: 4 });
    }
    expect(chunks.map((chunk) => chunk.ordinal)).toEqual(chunks.map((_, index) => index));
  });

  it('loses no words, and overlaps neighbours when asked to', async () => {
    const chunks = await splitSections([{ heading: null, text: longText }], { chunkSize: 300, chunkOverlap: 80 });
    const joined = chunks.map((chunk) => chunk.content).join(' ');
    for (let index = 0; index < 120; index++) expect(joined).toContain(sentence(index));
    const overlapping = chunks
      .slice(1)
      .filter((chunk, index) => chunks[index]!.content.endsWith(chunk.content.split('. ')[0]!.replace(/\.$/, '') + '.'));
    expect(overlapping.length).toBeGreaterThan(0);
  });

  it('ends chunks at sentence ends rather than starting them with punctuation', async () => {
    const chunks = await splitSections([{ heading: null, text: longText }], { chunkSize: 300, chunkOverlap: 0 });
    for (const chunk of chunks) {
      expect(chunk.content).toMatch(/^Sentence/);
      expect(chunk.content).toMatch(/\.$/);
    }
  });

  it('never merges sections, so pages and headings stay exact', async () => {
    const chunks = await splitSections([
      { heading: null, text: 'First page.', page: 1 },
      { heading: null, text: '   ', page: 2 },
      { heading: 'Part B', text: 'Third page.', page: 3 },
    ]);
    expect(chunks).toEqual([
      { ordinal: 0, content: 'First page.', heading: null, page: 1, tokenCount: 3 },
      { ordinal: 1, content: 'Third page.', heading: 'Part B', page: 3, tokenCount: 3 },
    ]);
  });

  it('splits a word longer than a chunk rather than exceeding the size', async () => {
    const chunks = await splitSections([{ heading: null, text: 'x'.repeat(2500) }], DEFAULT_SPLIT);
    expect(chunks.map((chunk) => chunk.content.length).every((length) => length <= DEFAULT_SPLIT.chunkSize)).toBe(true);
    expect(chunks.map((chunk) => chunk.content).join('').length).toBeGreaterThanOrEqual(2500);
  });

  it('refuses an overlap as large as the chunk', async () => {
    await expect(splitSections([{ heading: null, text: 'a' }], { chunkSize: 100, chunkOverlap: 100 })).rejects.toThrow(/overlap/);
  });
});
