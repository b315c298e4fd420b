import { chatProviderForKey, type ChatModelEndpoint } from '../../platform/llm/index.ts';
import { ADMIN_CONFIG_KEYS, type AdminConfigStore } from '../../platform/settings.ts';

export interface PlatformAiSettings {
  openAiApiKey?: string | undefined;
  openAiBaseUrl?: string | undefined;
  llmModel: string;
  anthropicBaseUrl?: string | undefined;
  anthropicModel: string;
}

/**
 * The platform's own AI service: the key the admin set in the app, else OPENAI_API_KEY; null when
 * neither exists (the product then answers without a model).
 */
export class PlatformAi {
  constructor(private readonly deps: { adminConfig: AdminConfigStore; ai: PlatformAiSettings }) {}

  async model(): Promise<ChatModelEndpoint | null> {
    const apiKey = (await this.deps.adminConfig.get(ADMIN_CONFIG_KEYS.aiProviderKey)) ?? this.deps.ai.openAiApiKey;
    return apiKey ? this.withKey(apiKey) : null;
  }

  /** The endpoint and model configured for the key's provider (the platform's key, or a customer's own). */
  withKey(apiKey: string): ChatModelEndpoint {
    const { ai } = this.deps;
    switch (chatProviderForKey(apiKey)) {
      case 'anthropic':
        return { provider: 'anthropic', apiKey, baseUrl: ai.anthropicBaseUrl, model: ai.anthropicModel };
      case 'openai':
        return { provider: 'openai', apiKey, baseUrl: ai.openAiBaseUrl, model: ai.llmModel };
    }
  }
}
