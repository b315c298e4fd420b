// What other domains use of knowledge's insides: uploads and retrieval's types.
export { documentBlobKey, type UploadedFile, type UploadRules } from './documents/ingestion.ts';
export type { RetrieveOptions } from './retrieval/retrieval.ts';
export type { RetrievedChunk } from './retrieval/retrievedChunk.ts';
