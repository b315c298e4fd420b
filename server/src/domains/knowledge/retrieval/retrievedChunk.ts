/** Where a chunk comes from: an uploaded document or a crawled web page. */
export type SourceType = 'document' | 'web_page';

/** A chunk as retrieval returns it for one question. */
export interface RetrievedChunk {
  chunkId: string;
  content: string;
  /** Reciprocal-rank-fusion score of the two searches: for ordering, not an absolute relevance. */
  score: number;
  /** Cosine similarity from the vector search (1 = same direction), or null when only full text found it. */
  vectorScore: number | null;
  /** PostgreSQL ts_rank from the full-text search, or null when only the vector search found it. */
  textRank: number | null;
  heading: string | null;
  source: {
    type: SourceType;
    id: string;
    title: string;
    url: string | null;
    page: number | null;
  };
}
