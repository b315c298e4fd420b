import { ChakraProvider } from '@chakra-ui/react';
import { renderMarkdownHtml } from '@chatbot/common/markdown/html';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AnswerText } from './AnswerText.tsx';
import { system } from './theme.ts';

/**
 * The elements markdown builds, with their text and link targets; the elements a renderer wraps them
 * in (Chakra's, the dashboard's superscript citations) are looked through.
 */
const MARKDOWN_TAGS = new Set(['P', 'BR', 'STRONG', 'EM', 'CODE', 'PRE', 'A', 'UL', 'OL', 'LI', 'BLOCKQUOTE']);

type Outline = string | { tag: string; href?: string; children: Outline[] };

function outlineOf(node: Node): Outline[] {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ? [node.textContent] : [];
  if (!(node instanceof Element)) return [];
  const children = mergeText([...node.childNodes].flatMap(outlineOf));
  if (!MARKDOWN_TAGS.has(node.tagName)) return children;
  const href = node.getAttribute('href');
  return [{ tag: node.tagName.toLowerCase(), ...(href === null ? {} : { href }), children }];
}

function mergeText(outline: Outline[]): Outline[] {
  return outline.reduce<Outline[]>((merged, item) => {
    const last = merged.at(-1);
    if (typeof item === 'string' && typeof last === 'string') merged[merged.length - 1] = last + item;
    else merged.push(item);
    return merged;
  }, []);
}

function widgetOutline(answer: string): Outline[] {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdownHtml(answer);
  return outlineOf(container);
}

function dashboardView(answer: string) {
  return render(
    <ChakraProvider value={system}>
      <AnswerText text={answer} />
    </ChakraProvider>,
  );
}

const ANSWER = [
  'Here is what I found:',
  '',
  '> We open at **9 am** on weekdays. [1]',
  '> Closed on _Mondays_. [2]',
  '',
  '1. Book on [our site](https://museum.example/book)',
  '2. Or write to [us](mailto:desk@museum.example)',
  '',
  '- Run `npm start`',
  '- Never [click](javascript:alert(1)) <script>alert(1)</script>',
  '',
  '```',
  'const open = 9;',
  '```',
].join('\n');

describe('AnswerText', () => {
  it('renders an answer with the same elements, text and links as the widget', () => {
    const { container } = dashboardView(ANSWER);
    const dashboard = outlineOf(container);
    expect(dashboard).toEqual(widgetOutline(ANSWER));
    expect(dashboard).toEqual([
      { tag: 'p', children: ['Here is what I found:'] },
      {
        tag: 'blockquote',
        children: [
          {
            tag: 'p',
            children: [
              'We open at ',
              { tag: 'strong', children: ['9 am'] },
              ' on weekdays. [1]',
              { tag: 'br', children: [] },
              'Closed on ',
              { tag: 'em', children: ['Mondays'] },
              '. [2]',
            ],
          },
        ],
      },
      {
        tag: 'ol',
        children: [
          { tag: 'li', children: ['Book on ', { tag: 'a', href: 'https://museum.example/book', children: ['our site'] }] },
          { tag: 'li', children: ['Or write to ', { tag: 'a', href: 'mailto:desk@museum.example', children: ['us'] }] },
        ],
      },
      {
        tag: 'ul',
        children: [
          { tag: 'li', children: ['Run ', { tag: 'code', children: ['npm start'] }] },
          { tag: 'li', children: ['Never click) <script>alert(1)</script>'] },
        ],
      },
      { tag: 'pre', children: [{ tag: 'code', children: ['const open = 9;'] }] },
    ]);
  });

  it('raises citations and opens links in a new tab without an opener', () => {
    const { container } = dashboardView(ANSWER);
    expect([...container.querySelectorAll('sup')].map((citation) => citation.textContent)).toEqual(['[1]', '[2]']);
    for (const link of container.querySelectorAll('a')) {
      expect(link.target).toBe('_blank');
      expect(link.rel).toBe('noopener noreferrer');
    }
    expect(container.querySelectorAll('script')).toHaveLength(0);
  });
});
