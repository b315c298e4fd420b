// Q&A pairs as CSV: a header row naming `question` and `answer`, then one pair a row. What the export
// writes, the import reads back.
import { parse } from 'csv-parse/sync';
import { ValidationError, type FieldIssue } from '../../../errors.ts';
import { csvDocument } from '../../../platform/csv/index.ts';
import { QA_PAIR_LIMITS, qaPairInput, type QaPairInput } from './rules.ts';

export const QA_CSV_COLUMNS = ['question', 'answer'] as const;

/** A file of the most pairs a bot holds, each as long as allowed, fits well within this. */
export const MAX_QA_CSV_CHARACTERS = 7_000_000;

/** Issues named in one refusal: enough to fix a file, not a wall of text. */
const ISSUES_SHOWN = 5;

export const QA_CSV_MESSAGES = {
  notText: 'csv must be the text of a CSV file',
  tooLarge: `The file is too large: at most ${MAX_QA_CSV_CHARACTERS.toLocaleString('en')} characters.`,
  unreadable: 'The file is not readable as CSV',
  noHeader: 'The first row must name the columns question and answer.',
  empty: 'The file holds no Q&A pair.',
  tooMany: (count: number) => `A bot holds at most ${QA_PAIR_LIMITS.perBot} Q&A pairs: this file has ${count}.`,
  invalidRows: 'Some rows cannot be imported; nothing was imported.',
} as const;

export function qaPairsCsv(pairs: readonly { question: string; answer: string }[]): string {
  return csvDocument(
    QA_CSV_COLUMNS,
    pairs.map((pair) => [pair.question, pair.answer]),
  );
}

/**
 * The pairs of a CSV file, checked as the form checks one pair; a file with any row wrong is refused
 * whole, naming the rows (as a spreadsheet numbers them, the header being row 1).
 */
export function qaPairsFromCsv(text: unknown): QaPairInput[] {
  if (typeof text !== 'string') throw new ValidationError(QA_CSV_MESSAGES.notText, [{ path: 'csv', message: QA_CSV_MESSAGES.notText }]);
  if (text.length > MAX_QA_CSV_CHARACTERS)
    throw new ValidationError(QA_CSV_MESSAGES.tooLarge, [{ path: 'csv', message: QA_CSV_MESSAGES.tooLarge }]);
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    const message = `${QA_CSV_MESSAGES.unreadable}: ${error instanceof Error ? error.message : String(error)}`;
    throw new ValidationError(message, [{ path: 'csv', message }]);
  }
  const [header, ...rows] = records;
  const columns = (header ?? []).map((name) => name.trim().toLowerCase());
  const questionAt = columns.indexOf('question');
  const answerAt = columns.indexOf('answer');
  if (questionAt < 0 || answerAt < 0)
    throw new ValidationError(QA_CSV_MESSAGES.noHeader, [{ path: 'csv', message: QA_CSV_MESSAGES.noHeader }]);
  if (rows.length === 0) throw new ValidationError(QA_CSV_MESSAGES.empty, [{ path: 'csv', message: QA_CSV_MESSAGES.empty }]);
  if (rows.length > QA_PAIR_LIMITS.perBot) {
    const message = QA_CSV_MESSAGES.tooMany(rows.length);
    throw new ValidationError(message, [{ path: 'csv', message }]);
  }
  const pairs: QaPairInput[] = [];
  const issues: FieldIssue[] = [];
  rows.forEach((row, index) => {
    const checked = qaPairInput.safeParse({ question: row[questionAt] ?? '', answer: row[answerAt] ?? '' });
    if (checked.success) pairs.push(checked.data);
    else for (const issue of checked.error.issues) issues.push({ path: `row ${index + 2}`, message: issue.message });
  });
  if (issues.length > 0) {
    const shown = issues.slice(0, ISSUES_SHOWN).map((issue) => `${issue.path}: ${issue.message}`);
    const more = issues.length > ISSUES_SHOWN ? ` (and ${issues.length - ISSUES_SHOWN} more)` : '';
    throw new ValidationError(`${QA_CSV_MESSAGES.invalidRows} ${shown.join('; ')}${more}.`, issues);
  }
  return pairs;
}
