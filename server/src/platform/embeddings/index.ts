import type { Embeddings } from './types.ts';
import { LexicalEmbeddings } from './lexical.ts';
import { OpenAiCompatibleEmbeddings } from './openai.ts';

export type { Embeddings } from './types.ts';
export { LexicalEmbeddings, LEXICAL_DIMENSIONS, lexicalTokens } from './lexical.ts';
export { OpenAiCompatibleEmbeddings, type OpenAiEmbeddingsOptions } from './openai.ts';
export {
  contentWords,
  detectLanguage,
  foldedWords,
  isContentWord,
  searchTermsOf,
  searchWords,
  STEMMING_VERSION,
  stemWord,
  type StemLanguage,
} from './stems.ts';
export { isStopword, STOPWORDS } from './stopwords.ts';

export interface EmbeddingsOptions {
  openAiApiKey?: string | undefined;
  openAiBaseUrl?: string | undefined;
  embeddingsModel: string;
}

/**
 * With an OpenAI-compatible key (OpenAI itself, or any base URL: Ollama, vLLM, Mistral...) the
 * configured model; otherwise the deterministic local lexical embedding, so retrieval works offline.
 */
export function createEmbeddings(options: EmbeddingsOptions): Embeddings {
  if (options.openAiApiKey) {
    return new OpenAiCompatibleEmbeddings({
      apiKey: options.openAiApiKey,
      baseUrl: options.openAiBaseUrl,
      model: options.embeddingsModel,
    });
  }
  return new LexicalEmbeddings();
}
