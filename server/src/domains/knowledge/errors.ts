// The knowledge domain's expected failures, each code written once beside its message. Their classes
// give the REST status and the GraphQL error type; the code is what clients can rely on. A refused
// web address has its own catalog, crawler/errors.ts.
import { ConflictError, PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from '../../errors.ts';
import type { DocumentKind } from './parsing/sniff.ts';

const KIND_LABELS: Record<DocumentKind, string> = { pdf: 'PDF', docx: 'DOCX', txt: 'TXT', md: 'MD' };
const MISSING_FILE = 'No file received: attach the document in the multipart field "file".';
const EMPTY_FILE = 'The file is empty.';

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

export const knowledgeErrors = {
  documentMissing: () => new ValidationError(MISSING_FILE, [{ path: 'file', message: MISSING_FILE }], 'DOCUMENT_MISSING'),
  documentEmpty: () => new ValidationError(EMPTY_FILE, [{ path: 'file', message: EMPTY_FILE }], 'DOCUMENT_EMPTY'),
  documentTooLarge: (maxBytes: number) =>
    new PayloadTooLargeError(`File too large: documents can be at most ${formatMegabytes(maxBytes)}.`, 'DOCUMENT_TOO_LARGE'),
  unsupportedDocumentType: (detected: string, accepted: readonly DocumentKind[]) =>
    new UnsupportedMediaTypeError(
      `Unsupported file type${detected === 'binary' ? '' : ` (the content is ${detected.toUpperCase()})`}. Accepted types: ${accepted
        .map((kind) => KIND_LABELS[kind])
        .join(', ')}.`,
      'UNSUPPORTED_DOCUMENT_TYPE',
    ),
  duplicateDocument: (fileName: string) =>
    new ConflictError(`This file is already in the bot's knowledge: "${fileName}" has the same content.`, 'DUPLICATE_DOCUMENT'),

  crawlScheduleNotAllowed: (schedule: string) => {
    const message = `Your plan does not allow re-crawling websites ${schedule.toLowerCase()}. Upgrade your plan or choose another schedule.`;
    return new ValidationError(message, [{ path: 'schedule', message }], 'CRAWL_SCHEDULE_NOT_ALLOWED');
  },
  crawlRunning: () => new ConflictError('A crawl is already running for this bot. Wait for it to finish.', 'CRAWL_RUNNING'),
};
