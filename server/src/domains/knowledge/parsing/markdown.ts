import { clampHeading, type Section } from './sections.ts';

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(```+|~~~+)/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;

/**
 * Splits Markdown into sections at its headings (ATX `#` and setext underlines), ignoring `#`
 * lines inside fenced code. Each section's heading is the path of headings above it
 * (`Guide > Install`); the heading lines themselves are not repeated in the text.
 */
export function markdownSections(markdown: string): Section[] {
  const sections: Section[] = [];
  const path: string[] = [];
  let lines: string[] = [];
  let fence: string | null = null;

  const flush = () => {
    const text = lines.join('\n').trim();
    if (text) sections.push({ heading: clampHeading(path.filter(Boolean).join(' > ') || null), text });
    lines = [];
  };
  const enter = (level: number, title: string) => {
    flush();
    path.length = level - 1;
    path[level - 1] = title.trim();
  };

  for (const line of markdown.split('\n')) {
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      lines.push(line);
      if (fenceMatch && fenceMatch[1]!.startsWith(fence)) fence = null;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1]!;
      lines.push(line);
      continue;
    }
    const atx = ATX_HEADING.exec(line);
    if (atx) {
      enter(atx[1]!.length, atx[2]!);
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec(line);
    const previous = lines.at(-1);
    if (underline && previous !== undefined && previous.trim() !== '' && !/^\s*([-*+]|\d+[.)])\s/.test(previous)) {
      lines.pop();
      enter(underline[1]!.startsWith('=') ? 1 : 2, previous);
      continue;
    }
    lines.push(line);
  }
  flush();
  return sections;
}
