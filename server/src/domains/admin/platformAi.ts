import { ADMIN_CONFIG_KEYS, type AdminConfigStore } from './config.ts';

export interface PlatformModel {
  apiKey: string;
  baseUrl?: string;
  model: string;
}

/**
 * The platform's own AI service: the key the admin set in the app, else OPENAI_API_KEY; null when
 * neither exists (the product then answers without a model).
 */
export class PlatformAi {
  constructor(
    private readonly deps: {
      adminConfig: AdminConfigStore;
      ai: { openAiApiKey?: string; openAiBaseUrl?: string; llmModel: string };
    },
  ) {}

  async model(): Promise<PlatformModel | null> {
    const apiKey = (await this.deps.adminConfig.get(ADMIN_CONFIG_KEYS.aiProviderKey)) ?? this.deps.ai.openAiApiKey;
    return apiKey ? this.withKey(apiKey) : null;
  }

  /** The same provider and model with another key (a customer's own). */
  withKey(apiKey: string): PlatformModel {
    return { apiKey, baseUrl: this.deps.ai.openAiBaseUrl, model: this.deps.ai.llmModel };
  }
}
