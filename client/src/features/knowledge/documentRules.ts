/** The spec's editor upload rules: pdf, docx, txt and md files of at most 10 MB each. */
export const ACCEPTED_EXTENSIONS = ['pdf', 'docx', 'txt', 'md'] as const;
const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** For the file picker; the extension check below is what decides. */
export const ACCEPT_ATTRIBUTE = [
  '.pdf',
  '.docx',
  '.txt',
  '.md',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
  'text/markdown',
].join(',');

export type RejectionReason = 'type' | 'size' | 'empty';

export interface Rejection {
  fileName: string;
  reason: RejectionReason;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/** Splits a selection into the files to upload and the ones refused, keeping the valid ones. */
export function sortSelection(files: readonly File[]): { accepted: File[]; rejected: Rejection[] } {
  const accepted: File[] = [];
  const rejected: Rejection[] = [];
  for (const file of files) {
    if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
      rejected.push({ fileName: file.name, reason: 'type' });
    else if (file.size > MAX_DOCUMENT_BYTES) rejected.push({ fileName: file.name, reason: 'size' });
    else if (file.size === 0) rejected.push({ fileName: file.name, reason: 'empty' });
    else accepted.push(file);
  }
  return { accepted, rejected };
}
