import { fileTypeFromBuffer } from 'file-type';

export type DocumentKind = 'pdf' | 'docx' | 'txt' | 'md';

export const DOCUMENT_MIME_TYPES: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  md: 'text/markdown',
};

export interface SniffedType {
  kind: DocumentKind;
  mimeType: string;
}

/** What the file turned out to be when it is not a document we accept (for the error message). */
export interface RejectedType {
  kind: null;
  /** e.g. `exe`, `zip`, `png`, or `binary` when nothing recognised it. */
  detected: string;
}

const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'mkd']);
/** Formats file-type recognises that are still plain text to us. */
const TEXTUAL_FILE_TYPES = new Set(['xml']);
/** Share of control characters (other than tab, newlines, form feed) beyond which text is binary. */
const MAX_CONTROL_RATIO = 0.01;

/**
 * Decides what an upload is from its bytes, never from its name or declared type: PDF and DOCX by
 * their signatures (file-type), text by being valid UTF-8 (or UTF-16 with a BOM) without binary
 * control characters. The name only chooses between the two text kinds (`.md` is Markdown; so is
 * text with Markdown headings).
 */
export async function sniffDocumentType(data: Buffer, fileName: string): Promise<SniffedType | RejectedType> {
  // A UTF-16 byte-order mark can look like an MPEG frame header to signature sniffing.
  const utf16 = (data[0] === 0xff && data[1] === 0xfe) || (data[0] === 0xfe && data[1] === 0xff);
  const detected = utf16 && decodeText(data) !== null ? undefined : await fileTypeFromBuffer(data);
  if (detected?.ext === 'pdf') return { kind: 'pdf', mimeType: DOCUMENT_MIME_TYPES.pdf };
  if (detected?.ext === 'docx') return { kind: 'docx', mimeType: DOCUMENT_MIME_TYPES.docx };
  if (detected && !TEXTUAL_FILE_TYPES.has(detected.ext)) return { kind: null, detected: detected.ext };
  const text = decodeText(data);
  if (text === null) return { kind: null, detected: 'binary' };
  const kind = isMarkdown(fileName, text) ? 'md' : 'txt';
  return { kind, mimeType: DOCUMENT_MIME_TYPES[kind] };
}

/**
 * The text of a file that is text: UTF-8 (a BOM is dropped) or UTF-16 with a BOM. Null for
 * anything else, including UTF-8 with invalid sequences and text full of control characters.
 */
export function decodeText(data: Buffer): string | null {
  let text: string;
  try {
    if (data[0] === 0xff && data[1] === 0xfe) text = new TextDecoder('utf-16le', { fatal: true }).decode(data.subarray(2));
    else if (data[0] === 0xfe && data[1] === 0xff) text = new TextDecoder('utf-16be', { fatal: true }).decode(data.subarray(2));
    else text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(data);
  } catch {
    return null;
  }
  let control = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 0) return null;
    if ((code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0x7f) control += 1;
  }
  if (text.length > 0 && control / text.length > MAX_CONTROL_RATIO) return null;
  return text;
}

function isMarkdown(fileName: string, text: string): boolean {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (extension && MARKDOWN_EXTENSIONS.has(extension)) return true;
  const headings = text.match(/^#{1,6}[ \t]+\S/gm)?.length ?? 0;
  return headings >= 2;
}
