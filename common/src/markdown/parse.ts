/**
 * The little markdown bot answers use, read into a tree that the widget (as HTML) and the dashboard
 * (as React elements) render alike. The tree holds text, never markup: raw HTML in the source stays
 * text, and links keep only http(s) and mailto targets (an unsafe link is reduced to its label).
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: Inline[] }
  | { kind: 'citation'; text: string }
  | { kind: 'break' };

export type Block =
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'pre'; text: string }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'blockquote'; children: Block[] };

export function isSafeUrl(url: string): boolean {
  return /^(?:https?:\/\/|mailto:)/i.test(url);
}

/**
 * Code spans, links and citations are taken out first and stand in the text as numbered holes, so
 * the emphasis rules never look inside them; the private-use mark is stripped from the source first.
 */
const HOLE = /\uE000(\d+)\uE000/;

/** A rule's match: the text it keeps in front of the emphasis, and the emphasised text. */
type Emphasis = { kind: 'strong' | 'em'; pattern: RegExp; content: (groups: (string | undefined)[]) => { before: string; inner: string } };

/** Applied in this order; each one's content still goes through the ones after it. */
const EMPHASIS: Emphasis[] = [
  {
    kind: 'strong',
    pattern: /\*\*(?=\S)([^*]*?\S)\*\*|__(?=\S)([^_]*?\S)__/g,
    content: ([stars, underscores]) => ({ before: '', inner: stars ?? underscores! }),
  },
  { kind: 'em', pattern: /\*(?=\S)([^*\n]*?\S)\*/g, content: ([inner]) => ({ before: '', inner: inner! }) },
  // An underscore opens emphasis only outside a word, so snake_case stays literal.
  { kind: 'em', pattern: /(^|[^\w])_(?=\S)([^_\n]*?\S)_(?!\w)/g, content: ([before, inner]) => ({ before: before!, inner: inner! }) },
];

const BARE_URL = /\bhttps?:\/\/[^\s<>"'\uE000]*[^\s<>"'\uE000.,:;!?)\]]/g;

class HeldInlines {
  private readonly held: Inline[] = [];

  hold(node: Inline): string {
    return `\uE000${this.held.push(node) - 1}\uE000`;
  }

  /** Text with holes, as nodes: each hole back as what it held, the text between as text nodes. */
  expand(text: string): Inline[] {
    return text
      .split(HOLE)
      .map((part, index): Inline | null => {
        if (index % 2 === 1) return this.held[Number(part)]!;
        return part === '' ? null : { kind: 'text', text: part };
      })
      .filter((node): node is Inline => node !== null);
  }

  emphasise(text: string, rules: Emphasis[] = EMPHASIS): string {
    const [rule, ...later] = rules;
    if (!rule) return text;
    // replace() hands the callback the match, its groups, then the offset and the whole string.
    const marked = text.replace(rule.pattern, (...args: unknown[]) => {
      const { before, inner } = rule.content(args.slice(1, -2) as (string | undefined)[]);
      return before + this.hold({ kind: rule.kind, children: this.expand(this.emphasise(inner, later)) });
    });
    return this.emphasise(marked, later);
  }
}

export function parseInline(source: string): Inline[] {
  const inlines = new HeldInlines();
  const text = source
    .replace(/`([^`\n]+)`/g, (_match, code: string) => inlines.hold({ kind: 'code', text: code }))
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_match, label: string, url: string) =>
      isSafeUrl(url) ? inlines.hold({ kind: 'link', href: url, children: inlines.expand(inlines.emphasise(label)) }) : label,
    )
    .replace(BARE_URL, (url) => inlines.hold({ kind: 'link', href: url, children: [{ kind: 'text', text: url }] }))
    .replace(/\[\d{1,2}\]/g, (citation) => inlines.hold({ kind: 'citation', text: citation }));
  return inlines.expand(inlines.emphasise(text));
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

/** A paragraph's lines, each line's inlines, a break between lines. */
function paragraphOf(lines: string[]): Block {
  return {
    kind: 'paragraph',
    children: lines.flatMap((line, index) => [...(index > 0 ? [{ kind: 'break' } as const] : []), ...parseInline(line)]),
  };
}

function blocksOf(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index]!;
    const kind = kindOf(line);
    if (kind === 'blank') {
      index += 1;
    } else if (kind === 'fence') {
      const body = takeWhile(lines, index + 1, (candidate) => kindOf(candidate) !== 'fence');
      blocks.push({ kind: 'pre', text: body.join('\n') });
      index += body.length + 2;
    } else if (kind === 'heading') {
      blocks.push({ kind: 'paragraph', children: [{ kind: 'strong', children: parseInline(stripMarker(line, kind)) }] });
      index += 1;
    } else if (kind === 'text') {
      const paragraph = takeWhile(lines, index, (candidate) => kindOf(candidate) === 'text');
      blocks.push(paragraphOf(paragraph));
      index += paragraph.length;
    } else {
      const run = takeWhile(lines, index, (candidate) => kindOf(candidate) === kind);
      const contents = run.map((marked) => stripMarker(marked, kind));
      if (kind === 'quote') blocks.push({ kind: 'blockquote', children: blocksOf(contents) });
      else blocks.push({ kind: 'list', ordered: kind === 'numbered', items: contents.map(parseInline) });
      index += run.length;
    }
  }
  return blocks;
}

export function parseMarkdown(source: string): Block[] {
  return blocksOf(
    source
      .replace(/\uE000/g, '')
      .replace(/\r\n?/g, '\n')
      .split('\n'),
  );
}
