import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, type Block, type Inline } from './parse.ts';

const text = (value: string): Inline => ({ kind: 'text', text: value });
const paragraph = (...children: Inline[]): Block => ({ kind: 'paragraph', children });

describe('parseMarkdown', () => {
  it.each<[string, string, Block[]]>([
    ['nothing', '', []],
    ['plain text', 'Hello there', [paragraph(text('Hello there'))]],
    ['lines of a paragraph, with breaks between', 'a\r\nb', [paragraph(text('a'), { kind: 'break' }, text('b'))]],
    ['paragraphs split by a blank line', 'a\n\n  \nb', [paragraph(text('a')), paragraph(text('b'))]],
    ['a heading, as a bold line', '## Title', [paragraph({ kind: 'strong', children: [text('Title')] })]],
    ['fenced code, markers and all', '```\n**x** <b>\n```', [{ kind: 'pre', text: '**x** <b>' }]],
    ['an unclosed fence, to the end', '```\nx', [{ kind: 'pre', text: 'x' }]],
    ['a bullet list', '- one\n* two\n+ three', [{ kind: 'list', ordered: false, items: [[text('one')], [text('two')], [text('three')]] }]],
    ['a numbered list', '1. first\n2) second', [{ kind: 'list', ordered: true, items: [[text('first')], [text('second')]] }]],
    [
      'a quote, read as blocks of its own',
      'Found:\n\n> We open at 9. [1]\n> - daily',
      [
        paragraph(text('Found:')),
        {
          kind: 'blockquote',
          children: [
            paragraph(text('We open at 9. '), { kind: 'citation', text: '[1]' }),
            { kind: 'list', ordered: false, items: [[text('daily')]] },
          ],
        },
      ],
    ],
    ['raw HTML, as text', '<script>alert(1)</script>', [paragraph(text('<script>alert(1)</script>'))]],
    ['the placeholder mark, dropped from the source', 'a\uE0000\uE000b', [paragraph(text('a0b'))]],
  ])('reads %s', (_name, source, blocks) => {
    expect(parseMarkdown(source)).toEqual(blocks);
  });
});

describe('parseInline', () => {
  it.each<[string, string, Inline[]]>([
    [
      'bold and italic in both spellings',
      '**b**, __s__, *i*, _e_',
      [
        { kind: 'strong', children: [text('b')] },
        text(', '),
        { kind: 'strong', children: [text('s')] },
        text(', '),
        { kind: 'em', children: [text('i')] },
        text(', '),
        { kind: 'em', children: [text('e')] },
      ],
    ],
    ['italic inside bold', '__a *b* c__', [{ kind: 'strong', children: [text('a '), { kind: 'em', children: [text('b')] }, text(' c')] }]],
    ['italic around bold', '*a **b** c*', [{ kind: 'em', children: [text('a '), { kind: 'strong', children: [text('b')] }, text(' c')] }]],
    ['snake_case, literal', 'get_user_name', [text('get_user_name')]],
    ['a lone star, literal', '2 * 3 = 6', [text('2 * 3 = 6')]],
    ['code, its markers literal', 'run `a **b** <c>`', [text('run '), { kind: 'code', text: 'a **b** <c>' }]],
    ['bold around code', '**`x`**', [{ kind: 'strong', children: [{ kind: 'code', text: 'x' }] }]],
    [
      'an https link with emphasis in its label',
      '[*Docs*](https://example.com/a_b?x=1&y=2)',
      [{ kind: 'link', href: 'https://example.com/a_b?x=1&y=2', children: [{ kind: 'em', children: [text('Docs')] }] }],
    ],
    ['a mailto link', '[Mail](mailto:help@example.com)', [{ kind: 'link', href: 'mailto:help@example.com', children: [text('Mail')] }]],
    ['a javascript: link, reduced to its label', '[click](javascript:alert(1))', [text('click)')]],
    ['a data: link, reduced to its label', '[x](data:text/html,hi)', [text('x')]],
    ['a relative link, reduced to its label', '[x](/admin)', [text('x')]],
    [
      'a bare address, without its closing punctuation',
      'See https://example.com/page.',
      [text('See '), { kind: 'link', href: 'https://example.com/page', children: [text('https://example.com/page')] }, text('.')],
    ],
    [
      'citations, but not a link that looks like one',
      'Open [1][12] and [3](https://x.test) [123]',
      [
        text('Open '),
        { kind: 'citation', text: '[1]' },
        { kind: 'citation', text: '[12]' },
        text(' and '),
        { kind: 'link', href: 'https://x.test', children: [text('3')] },
        text(' [123]'),
      ],
    ],
  ])('reads %s', (_name, source, inlines) => {
    expect(parseInline(source)).toEqual(inlines);
  });
});
