/** Where a passage comes from: a document, a web page, or a Q&A pair the bot's owner wrote. */
export type PassageSourceType = 'document' | 'web_page' | 'qa_pair';

/** A retrieved chunk as the answerers read it: numbered as the prompt and the citations number it. */
export interface Passage {
  index: number;
  chunkId: string;
  content: string;
  score: number;
  /** The heading path above the passage in its source, when known. */
  heading?: string | null;
  source: { type: PassageSourceType; id: string; title: string; url: string | null; page: number | null };
}
