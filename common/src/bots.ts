// A bot's choices and bounds, as the server checks them (server/src/domains/bots/rules.ts) and the
// dashboard's editor offers them (client/src/features/editor/botDraft.ts), so a form answers before
// a round trip with the server's own limits.

export const USE_CASES = [
  'personal-assistant',
  'customer-support',
  'lead-generation',
  'faq-bot',
  'e-commerce',
  'booking',
  'custom',
] as const;
export const TONES = ['friendly', 'formal', 'humorous', 'professional', 'custom'] as const;
export const RESPONSE_STYLES = ['concise', 'detailed', 'balanced'] as const;
export const BOT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it'] as const;
export const CHAT_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export const FOLLOW_UP_BEHAVIORS = ['ask-more', 'suggest-contact', 'none'] as const;

export type Tone = (typeof TONES)[number];
export type ChatPosition = (typeof CHAT_POSITIONS)[number];

export const CREATIVITY_MAX = 0.7;
export const MAX_TOKENS_LIMIT = 8192;
export const DEFAULT_BOT_THEME_COLOR = '#8B5CF6';

/** The longest text each field takes, in characters. */
export const BOT_TEXT_LIMITS = {
  name: 100,
  displayName: 100,
  botDescription: 500,
  description: 5000,
  prompt: 20_000,
  customToneDescription: 500,
} as const;
