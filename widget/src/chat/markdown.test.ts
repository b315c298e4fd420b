import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '@chatbot/common/markdown/html';

describe('renderMarkdownHtml', () => {
  it.each([
    ['plain text', 'Hello there', '<p>Hello there</p>'],
    [
      'bold and italic',
      '**bold**, __strong__, *it* and _em_',
      '<p><strong>bold</strong>, <strong>strong</strong>, <em>it</em> and <em>em</em></p>',
    ],
    ['snake_case stays literal', 'call get_user_name now', '<p>call get_user_name now</p>'],
    ['inline code keeps its markers', 'run `a **b** <c>`', '<p>run <code>a **b** &lt;c&gt;</code></p>'],
    ['fenced code', '```\n<b>x</b>\n```', '<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>'],
    ['bullet list', '- one\n- **two**', '<ul><li>one</li><li><strong>two</strong></li></ul>'],
    ['numbered list', '1. first\n2. second', '<ol><li>first</li><li>second</li></ol>'],
    [
      'blockquote with citation',
      'Found:\n\n> The museum opens at 9. [1]',
      '<p>Found:</p><blockquote><p>The museum opens at 9. [1]</p></blockquote>',
    ],
    ['line breaks in a paragraph', 'a\nb', '<p>a<br>b</p>'],
    ['heading as bold line', '## Title', '<p><strong>Title</strong></p>'],
    [
      'markdown link',
      '[Docs](https://example.com/a_b?x=1&y=2)',
      '<p><a href="https://example.com/a_b?x=1&amp;y=2" target="_blank" rel="noopener noreferrer">Docs</a></p>',
    ],
    [
      'mailto link',
      '[Mail us](mailto:help@example.com)',
      '<p><a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">Mail us</a></p>',
    ],
    [
      'bare address',
      'See https://example.com/page.',
      '<p>See <a href="https://example.com/page" target="_blank" rel="noopener noreferrer">https://example.com/page</a>.</p>',
    ],
  ])('renders %s', (_name, source, html) => {
    expect(renderMarkdownHtml(source)).toBe(html);
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>'],
    ['a script tag in a list', '- <script src="https://evil.test/x.js"></script>'],
    ['a script tag in code', '`</code><script>alert(1)</script>`'],
    ['an event handler attribute', '<img src=x onerror="alert(1)">'],
    ['an event handler smuggled into a link', '[x](https://ok.test/"onmouseover="alert(1))'],
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['an upper-case javascript: link', '[click](JaVaScRiPt:alert(1))'],
    ['a data: link', '[click](data:text/html;base64,PHNjcmlwdD4=)'],
    ['an iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['a link label with markup', '[<img src=x onerror=alert(1)>](https://ok.test)'],
    ['a quoted script', '> <script>alert(1)</script>'],
  ])('never lets through %s', (_name, source) => {
    const container = document.createElement('div');
    container.innerHTML = renderMarkdownHtml(source);
    expect(container.querySelectorAll('script, img, iframe')).toHaveLength(0);
    for (const element of container.querySelectorAll('*')) {
      const attributes = [...element.attributes].map((attribute) => attribute.name);
      expect(attributes.filter((name) => name.startsWith('on'))).toEqual([]);
    }
    for (const anchor of container.querySelectorAll('a')) {
      expect(anchor.getAttribute('href')).toMatch(/^(https?:|mailto:)/);
      expect(anchor.rel).toBe('noopener noreferrer');
      expect(anchor.target).toBe('_blank');
    }
  });

  it('drops the target of an unsafe link but keeps its label as text', () => {
    expect(renderMarkdownHtml('[click](javascript:alert(1))')).toBe('<p>click)</p>');
  });
});
