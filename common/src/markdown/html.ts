// The markdown tree as HTML, for the widget: every character of text is escaped, and only the tags
// below are built (p, br, strong, em, code, pre, a, ul, ol, li, blockquote).
import { parseMarkdown, type Block, type Inline } from './parse.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

function inlinesHtml(inlines: Inline[]): string {
  return inlines.map(inlineHtml).join('');
}

function inlineHtml(inline: Inline): string {
  switch (inline.kind) {
    case 'text':
    case 'citation':
      return escapeHtml(inline.text);
    case 'strong':
      return `<strong>${inlinesHtml(inline.children)}</strong>`;
    case 'em':
      return `<em>${inlinesHtml(inline.children)}</em>`;
    case 'code':
      return `<code>${escapeHtml(inline.text)}</code>`;
    case 'link':
      return `<a href="${escapeHtml(inline.href)}" target="_blank" rel="noopener noreferrer">${inlinesHtml(inline.children)}</a>`;
    case 'break':
      return '<br>';
  }
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p>${inlinesHtml(block.children)}</p>`;
    case 'pre':
      return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${inlinesHtml(item)}</li>`).join('')}</${tag}>`;
    }
    case 'blockquote':
      return `<blockquote>${block.children.map(blockHtml).join('')}</blockquote>`;
  }
}

export function renderMarkdownHtml(source: string): string {
  return parseMarkdown(source).map(blockHtml).join('');
}
