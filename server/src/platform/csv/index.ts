/**
 * A cell a spreadsheet would run as a formula: one starting with = + - @ (or their full-width forms),
 * even after leading whitespace or line breaks, which spreadsheets skip; or one starting with a tab
 * or carriage return, which some read as the start of the next cell.
 */
const FORMULA_LIKE = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/** RFC 4180 fields; a formula-like value is neutralised with a leading ' so spreadsheets show it as text. */
export function csvField(value: string): string {
  const safe = FORMULA_LIKE.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV file: a header line, then one line per row, CRLF-terminated. */
export function csvDocument(columns: readonly string[], rows: Iterable<readonly string[]>): string {
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
