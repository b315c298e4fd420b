// The little markdown answers use (the offline answerer quotes with "> ", models write lists and
// bold), read into blocks the chat bubbles render as elements: never as HTML.

export type Inline = { kind: 'text' | 'bold' | 'code' | 'citation'; text: string };
export type AnswerBlock = { kind: 'paragraph' | 'quote'; inlines: Inline[] } | { kind: 'list'; items: Inline[][] };

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\[\d{1,2}\])/g;

export function inlinesOf(text: string): Inline[] {
  return text
    .split(INLINE)
    .filter((part) => part !== '')
    .map((part): Inline => {
      if (/^\*\*[^*]+\*\*$/.test(part)) return { kind: 'bold', text: part.slice(2, -2) };
      if (/^`[^`]+`$/.test(part)) return { kind: 'code', text: part.slice(1, -1) };
      if (/^\[\d{1,2}\]$/.test(part)) return { kind: 'citation', text: part };
      return { kind: 'text', text: part };
    });
}

/** Blocks separated by blank lines: quotes (every line "> "), lists (every line "- " or "* "), paragraphs. */
export function answerBlocks(text: string): AnswerBlock[] {
  return text
    .replace(/\r\n/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block): AnswerBlock => {
      const lines = block.split('\n');
      if (lines.every((line) => /^>\s?/.test(line))) {
        return { kind: 'quote', inlines: inlinesOf(lines.map((line) => line.replace(/^>\s?/, '')).join(' ')) };
      }
      if (lines.every((line) => /^\s*([-*]|\d+\.)\s+/.test(line))) {
        return { kind: 'list', items: lines.map((line) => inlinesOf(line.replace(/^\s*([-*]|\d+\.)\s+/, ''))) };
      }
      return { kind: 'paragraph', inlines: inlinesOf(block) };
    });
}
