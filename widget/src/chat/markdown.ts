/**
 * A small markdown renderer for bot answers that cannot emit markup of its own: every character of
 * the source is escaped, then only the tags below are built (p, br, strong, em, code, pre, a, ul,
 * ol, li, blockquote). Links keep only http(s) and mailto targets.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export function isSafeUrl(url: string): boolean {
  return /^(?:https?:\/\/|mailto:)/i.test(url);
}

function link(url: string, labelHtml: string): string {
  return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${labelHtml}</a>`;
}

function emphasis(escaped: string): string {
  return escaped
    .replace(
      /\*\*(?=\S)([^*]*?\S)\*\*|__(?=\S)([^_]*?\S)__/g,
      (_match, stars: string | undefined, underscores: string | undefined) => `<strong>${stars ?? underscores}</strong>`,
    )
    .replace(/\*(?=\S)([^*\n]*?\S)\*/g, '<em>$1</em>')
    .replace(/(^|[^\w])_(?=\S)([^_\n]*?\S)_(?!\w)/g, '$1<em>$2</em>');
}

/** Placeholders keep code spans and links away from the emphasis rules; the private-use mark is stripped from the source first. */
const HOLE = /\uE000(\d+)\uE000/g;

function renderInline(source: string): string {
  const held: string[] = [];
  const hold = (html: string) => `\uE000${held.push(html) - 1}\uE000`;
  const text = source
    .replace(/`([^`\n]+)`/g, (_match, code: string) => hold(`<code>${escapeHtml(code)}</code>`))
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_match, label: string, url: string) => {
      const labelHtml = emphasis(escapeHtml(label));
      return hold(isSafeUrl(url) ? link(url, labelHtml) : labelHtml);
    })
    .replace(/\bhttps?:\/\/[^\s<>"'\uE000]*[^\s<>"'\uE000.,:;!?)\]]/g, (url) => hold(link(url, escapeHtml(url))));
  const restore = (html: string): string => html.replace(HOLE, (_match, index: string) => restore(held[Number(index)]!));
  return restore(emphasis(escapeHtml(text)));
}

type BlockKind = 'fence' | 'quote' | 'bullet' | 'numbered' | 'heading' | 'blank' | 'text';

const BLOCK_MARKERS: [Exclude<BlockKind, 'text'>, RegExp][] = [
  ['fence', /^\s*```/],
  ['quote', /^\s*>\s?/],
  ['bullet', /^\s*[-*+]\s+/],
  ['numbered', /^\s*\d{1,9}[.)]\s+/],
  ['heading', /^\s*#{1,6}\s+/],
  ['blank', /^\s*$/],
];

function kindOf(line: string): BlockKind {
  return BLOCK_MARKERS.find(([, marker]) => marker.test(line))?.[0] ?? 'text';
}

function stripMarker(line: string, kind: BlockKind): string {
  const marker = BLOCK_MARKERS.find(([candidate]) => candidate === kind)?.[1];
  return marker ? line.replace(marker, '') : line;
}

/** Lines from `start` while `keep` holds. */
function takeWhile(lines: string[], start: number, keep: (line: string) => boolean): string[] {
  let end = start;
  while (end < lines.length && keep(lines[end]!)) end += 1;
  return lines.slice(start, end);
}

function listHtml(tag: 'ul' | 'ol', items: string[], kind: BlockKind): string {
  return `<${tag}>${items.map((item) => `<li>${renderInline(stripMarker(item, kind))}</li>`).join('')}</${tag}>`;
}

export function renderMarkdown(source: string): string {
  const lines = source
    .replace(/\uE000/g, '')
    .replace(/\r\n?/g, '\n')
    .split('\n');
  const blocks: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    const kind = kindOf(line);
    if (kind === 'blank') {
      index += 1;
    } else if (kind === 'fence') {
      const body = takeWhile(lines, index + 1, (candidate) => kindOf(candidate) !== 'fence');
      blocks.push(`<pre><code>${escapeHtml(body.join('\n'))}</code></pre>`);
      index += body.length + 2;
    } else if (kind === 'heading') {
      blocks.push(`<p><strong>${renderInline(stripMarker(line, kind))}</strong></p>`);
      index += 1;
    } else if (kind === 'text') {
      const paragraph = takeWhile(lines, index, (candidate) => kindOf(candidate) === 'text');
      blocks.push(`<p>${paragraph.map(renderInline).join('<br>')}</p>`);
      index += paragraph.length;
    } else {
      const run = takeWhile(lines, index, (candidate) => kindOf(candidate) === kind);
      if (kind === 'quote')
        blocks.push(`<blockquote>${renderMarkdown(run.map((quoted) => stripMarker(quoted, kind)).join('\n'))}</blockquote>`);
      else blocks.push(listHtml(kind === 'bullet' ? 'ul' : 'ol', run, kind));
      index += run.length;
    }
  }
  return blocks.join('');
}
