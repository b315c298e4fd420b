import type { DocumentKind } from '../parsing/sniff.ts';

export type DocumentProblem = 'encrypted' | 'corrupt' | 'empty' | 'tooLargeUncompressed' | 'tooMuchMemory' | 'tooSlow';

const SPLIT_ADVICE = 'Split it into smaller files and upload them separately.';

/** Messages a customer reads on a failed document: what went wrong and what to do about it. */
export const DOCUMENT_PROBLEM_MESSAGES: Record<DocumentKind | 'any', Partial<Record<DocumentProblem, string>>> = {
  pdf: {
    encrypted: 'This PDF is password-protected. Remove the password (or print it to a new PDF) and upload it again.',
    corrupt: 'This PDF could not be read: the file is damaged or is not a valid PDF.',
  },
  docx: {
    corrupt: 'This DOCX could not be read: the file is damaged or is not a valid Word document.',
  },
  txt: {},
  md: {},
  any: {
    empty: 'No text could be found in this file. If it is a scanned document, upload a version with selectable text.',
    corrupt: 'This file could not be read.',
    tooLargeUncompressed: `This file is too large once uncompressed: it holds far more data than its size suggests. ${SPLIT_ADVICE}`,
    tooMuchMemory: `This file needed too much memory to read. ${SPLIT_ADVICE}`,
    tooSlow: `This file took too long to read. ${SPLIT_ADVICE}`,
  },
};

/** An expected reason a file cannot become knowledge; the document fails with its message and is not retried. */
export class DocumentProcessingError extends Error {
  constructor(
    readonly problem: DocumentProblem,
    kind: DocumentKind,
    /** For the logs, not the customer. */
    readonly detail?: string,
  ) {
    super(DOCUMENT_PROBLEM_MESSAGES[kind][problem] ?? DOCUMENT_PROBLEM_MESSAGES.any[problem] ?? 'This file could not be read.');
    this.name = 'DocumentProcessingError';
  }
}
