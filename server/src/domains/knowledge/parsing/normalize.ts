/**
 * Cleans extracted text for splitting, embedding and full-text search: compatibility-normalised
 * Unicode (ligatures such as "ﬁ" become "fi"), one newline convention, no invisible or control
 * characters, words re-joined across line-break hyphenation, runs of spaces collapsed, at most one
 * blank line in a row.
 */
export function normalizeText(raw: string): string {
  return (
    raw
      .normalize('NFKC')
      .replace(/\r\n?/g, '\n')
      .replace(/\f/g, '\n\n')
      // Soft hyphens, zero-width characters and byte-order marks are invisible.
      .replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '')
      // Control characters other than tab and newline.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '')
      .replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
      // "infor-\nmation" -> "information" (lower-case letters on both sides only: keeps "e-\nmail" style compounds rare).
      .replace(/(\p{Ll})-\n[ ]*(\p{Ll})/gu, '$1$2')
      .replace(/ {2,}/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

/** True when the text has something to search for (a letter or a digit). */
export function hasMeaningfulText(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
