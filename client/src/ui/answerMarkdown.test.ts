import { describe, expect, it } from 'vitest';
import { answerBlocks, inlinesOf } from './answerMarkdown.ts';

describe('answerBlocks', () => {
  it('reads the offline answerer’s quotes', () => {
    expect(answerBlocks('Here is what I found:\n\n> We open at 9. [1]\n\n> Closed on Mondays. [2]')).toEqual([
      { kind: 'paragraph', inlines: [{ kind: 'text', text: 'Here is what I found:' }] },
      {
        kind: 'quote',
        inlines: [
          { kind: 'text', text: 'We open at 9. ' },
          { kind: 'citation', text: '[1]' },
        ],
      },
      {
        kind: 'quote',
        inlines: [
          { kind: 'text', text: 'Closed on Mondays. ' },
          { kind: 'citation', text: '[2]' },
        ],
      },
    ]);
  });

  it.each([
    ['- one\n- two', [{ kind: 'list', items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]] }]],
    ['1. first\n2. second', [{ kind: 'list', items: [[{ kind: 'text', text: 'first' }], [{ kind: 'text', text: 'second' }]] }]],
    ['Plain text\nover two lines', [{ kind: 'paragraph', inlines: [{ kind: 'text', text: 'Plain text\nover two lines' }] }]],
    ['', []],
  ])('%j', (text, blocks) => {
    expect(answerBlocks(text)).toEqual(blocks);
  });
});

describe('inlinesOf', () => {
  it('finds bold, code and citations, and leaves HTML as text', () => {
    expect(inlinesOf('Use **Save** then `npm start` [3] <b>x</b>')).toEqual([
      { kind: 'text', text: 'Use ' },
      { kind: 'bold', text: 'Save' },
      { kind: 'text', text: ' then ' },
      { kind: 'code', text: 'npm start' },
      { kind: 'text', text: ' ' },
      { kind: 'citation', text: '[3]' },
      { kind: 'text', text: ' <b>x</b>' },
    ]);
  });
});
