import { ChatOpenAI } from '@langchain/openai';

export interface ChatModelSettings {
  apiKey: string;
  baseUrl?: string | undefined;
  model: string;
  temperature?: number;
  /** 0 or undefined: the provider's default. */
  maxTokens?: number;
  timeoutMs?: number;
}

const DEFAULT_LLM_TIMEOUT_MS = 60_000;

/** An OpenAI-compatible chat model (OpenAI, Ollama, vLLM, Groq, Mistral...) through LangChain. */
export function createChatModel(settings: ChatModelSettings): ChatOpenAI {
  return new ChatOpenAI({
    apiKey: settings.apiKey,
    model: settings.model,
    temperature: settings.temperature,
    maxTokens: settings.maxTokens ? settings.maxTokens : undefined,
    timeout: settings.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
    maxRetries: 1,
    configuration: settings.baseUrl ? { baseURL: settings.baseUrl } : undefined,
  });
}
