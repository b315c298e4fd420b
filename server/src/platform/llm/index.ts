import { ChatAnthropic, type ChatAnthropicInput } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatOpenAI } from '@langchain/openai';

/** The two APIs the chat speaks: Anthropic's Messages API, or the OpenAI API (OpenAI, Ollama, vLLM, Groq, Mistral...). */
export type ChatProvider = 'anthropic' | 'openai';

/** Where a chat model is reached: the provider, the key, the endpoint (the provider's own when unset) and the model name. */
export interface ChatModelEndpoint {
  provider: ChatProvider;
  apiKey: string;
  baseUrl?: string | undefined;
  model: string;
}

export interface ChatModelSettings extends ChatModelEndpoint {
  temperature?: number;
  /** 0 or undefined: the provider's default. */
  maxTokens?: number;
  timeoutMs?: number;
}

const ANTHROPIC_KEY_PREFIX = 'sk-ant-';
const DEFAULT_LLM_TIMEOUT_MS = 60_000;
const LLM_MAX_RETRIES = 1;

/** The one place a key decides its provider: Anthropic's keys start `sk-ant-`, every other key is for the OpenAI API. */
export function chatProviderForKey(apiKey: string): ChatProvider {
  return apiKey.startsWith(ANTHROPIC_KEY_PREFIX) ? 'anthropic' : 'openai';
}

/** A LangChain chat model for the endpoint's provider: callers stream or invoke it the same way either way. */
export function createChatModel(settings: ChatModelSettings): BaseChatModel {
  const common = {
    apiKey: settings.apiKey,
    model: settings.model,
    temperature: settings.temperature,
    maxTokens: settings.maxTokens ? settings.maxTokens : undefined,
    maxRetries: LLM_MAX_RETRIES,
  };
  const timeout = settings.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  switch (settings.provider) {
    case 'anthropic':
      return anthropicChatModel({ ...common, anthropicApiUrl: settings.baseUrl, clientOptions: { timeout } });
    case 'openai':
      return new ChatOpenAI({ ...common, timeout, configuration: settings.baseUrl ? { baseURL: settings.baseUrl } : undefined });
  }
}

/**
 * Claude models that choose their own sampling (adaptive thinking only, e.g. claude-sonnet-5) refuse any
 * temperature but 1, and the client throws before sending: those answer without the bot's creativity
 * rather than not at all. The client itself knows which models these are.
 */
function anthropicChatModel(fields: ChatAnthropicInput): ChatAnthropic {
  const model = new ChatAnthropic(fields);
  try {
    model.invocationParams();
    return model;
  } catch {
    return new ChatAnthropic({ ...fields, temperature: undefined });
  }
}
