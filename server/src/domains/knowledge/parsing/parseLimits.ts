// How far reading one uploaded document may go. An upload is at most 10 MB, but compression lets
// 10 MB stand for gigabytes: past these limits the document fails with a reason, and the server
// carries on.

const MiB = 1024 * 1024;

/** The child process that parses one document. */
export const PARSE_WORKER_LIMITS = {
  /** Wall-clock time for one parse, process start included; then the process is killed. */
  timeoutMs: 60_000,
  /** The parser's JavaScript heap (strings, parsed XML, text items). Buffers live outside it. */
  maxOldGenerationSizeMb: 512,
  /** Given to V8 as its semi-space size (half the young generation). */
  maxYoungGenerationSizeMb: 32,
};

/** A DOCX is a zip: what its entries may inflate to, declared and actual. */
export const DOCX_LIMITS = {
  maxEntries: 10_000,
  maxEntryBytes: 100 * MiB,
  maxTotalBytes: 200 * MiB,
  /** Ordinary Word XML deflates 5 to 20 times; beyond this an entry is a bomb... */
  maxRatio: 100,
  /** ...when it is big enough to matter. */
  ratioCheckedAboveBytes: 1 * MiB,
};

/** What pdf.js may decode out of a PDF's streams, and how much of it is read. */
export const PDF_LIMITS = {
  maxStreamBytes: 64 * MiB,
  maxTotalStreamBytes: 256 * MiB,
  maxPages: 2_000,
};

/** Text kept from one PDF or DOCX (about 2,500 dense pages); reading stops there. */
export const MAX_EXTRACTED_CHARS = 5_000_000;
