import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../errors.ts';
import { QA_PAIR_LIMITS } from './rules.ts';
import { QA_CSV_MESSAGES, qaPairsCsv, qaPairsFromCsv } from './csv.ts';

const refusal = (text: unknown) => {
  try {
    qaPairsFromCsv(text);
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
  return null;
};

describe('qaPairsFromCsv', () => {
  it.each([
    ['a plain file', 'question,answer\nDo you ship?,Yes.\n', [{ question: 'Do you ship?', answer: 'Yes.' }]],
    ['columns in another order, in capitals', 'Answer,QUESTION\nYes.,Do you ship?\n', [{ question: 'Do you ship?', answer: 'Yes.' }]],
    [
      'quoted fields with commas, quotes and line breaks',
      'question,answer\n"Price, please?","It is ""12"" euros.\nTaxes included."\n',
      [{ question: 'Price, please?', answer: 'It is "12" euros.\nTaxes included.' }],
    ],
    ['a byte-order mark and blank lines', '\uFEFFquestion,answer\n\nDo you ship?,Yes.\n\n', [{ question: 'Do you ship?', answer: 'Yes.' }]],
    ['an extra column, ignored', 'question,answer,notes\nDo you ship?,Yes.,internal\n', [{ question: 'Do you ship?', answer: 'Yes.' }]],
    ['spaces around the text, trimmed', 'question,answer\n  Do you ship? ,  Yes. \n', [{ question: 'Do you ship?', answer: 'Yes.' }]],
  ])('reads %s', (_case, text, pairs) => {
    expect(qaPairsFromCsv(text)).toEqual(pairs);
  });

  it.each([
    ['something not text', 42, QA_CSV_MESSAGES.notText],
    ['a file without the header', 'Do you ship?,Yes.\n', QA_CSV_MESSAGES.noHeader],
    ['a header alone', 'question,answer\n', QA_CSV_MESSAGES.empty],
    ['an empty file', '', QA_CSV_MESSAGES.noHeader],
    [
      'rows without a question or an answer, named as a spreadsheet numbers them',
      'question,answer\nDo you ship?,Yes.\n,No question\nNo answer?,\n',
      `${QA_CSV_MESSAGES.invalidRows} row 3: Question is required; row 4: Answer is required.`,
    ],
    [
      'more rows than a bot holds',
      `question,answer\n${'Q?,A.\n'.repeat(QA_PAIR_LIMITS.perBot + 1)}`,
      QA_CSV_MESSAGES.tooMany(QA_PAIR_LIMITS.perBot + 1),
    ],
  ])('refuses %s', (_case, text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('refuses an unclosed quote as unreadable, saying where', () => {
    expect(refusal('question,answer\n"Do you ship?,Yes.\n')).toMatch(/^The file is not readable as CSV: /);
  });
});

describe('qaPairsCsv', () => {
  it('writes what qaPairsFromCsv reads back', () => {
    const pairs = [
      { question: 'Price, please?', answer: 'It is "12" euros.\nTaxes included.' },
      { question: 'Do you ship?', answer: 'Yes.' },
    ];
    expect(qaPairsFromCsv(qaPairsCsv(pairs))).toEqual(pairs);
  });
});
