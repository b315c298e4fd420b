/** RFC 4180 fields; a leading = + - @ is neutralised so spreadsheets never run a cell as a formula. */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole CSV file: a header line, then one line per row, CRLF-terminated. */
export function csvDocument(columns: readonly string[], rows: Iterable<readonly string[]>): string {
  const lines = [columns.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
