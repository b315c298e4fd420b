import { z } from 'zod';
import {
  BOT_LANGUAGES,
  BOT_TEXT_LIMITS,
  CHAT_POSITIONS,
  CREATIVITY_MAX,
  DEFAULT_BOT_THEME_COLOR,
  FOLLOW_UP_BEHAVIORS,
  MAX_TOKENS_LIMIT,
  RESPONSE_STYLES,
  TONES,
  USE_CASES,
} from '@chatbot/common/bots';

// The choices and bounds the dashboard's editor offers are common/'s; the server checks the same.
export * from '@chatbot/common/bots';
export const BOT_STATUSES = ['online', 'offline', 'training'] as const;

export type UseCase = (typeof USE_CASES)[number];
export type BotStatus = (typeof BOT_STATUSES)[number];

/** Creativity goes from 0 to 0.7 in steps of 0.1 (the temperature the model answers with). */
function isValidCreativity(value: number): boolean {
  const tenths = value * 10;
  return value >= 0 && value <= CREATIVITY_MAX + 1e-9 && Math.abs(tenths - Math.round(tenths)) < 1e-6;
}

/** `#abc` and `#AABBCC` are accepted and stored as `#aabbcc`. */
function normaliseThemeColor(value: string): string | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return null;
  const hex = match[1]!.toLowerCase();
  return `#${hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex}`;
}

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

const oneOf = <Values extends readonly [string, ...string[]]>(label: string, values: Values) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` });

const botFields = {
  name: requiredText('Bot name', BOT_TEXT_LIMITS.name),
  displayName: requiredText('Display name', BOT_TEXT_LIMITS.displayName),
  botDescription: optionalText('Bot description', BOT_TEXT_LIMITS.botDescription),
  useCase: oneOf('Use case', USE_CASES),
  description: requiredText('Detailed description', BOT_TEXT_LIMITS.description),
  generatedPrompt: z
    .string()
    .trim()
    .max(BOT_TEXT_LIMITS.prompt, { error: `Prompt must be at most ${BOT_TEXT_LIMITS.prompt} characters` }),
  botPrompt: optionalText('Bot prompt', BOT_TEXT_LIMITS.prompt),
  tone: oneOf('Tone', TONES),
  customToneDescription: optionalText('Custom tone description', BOT_TEXT_LIMITS.customToneDescription),
  responseStyle: oneOf('Response style', RESPONSE_STYLES),
  languageCode: oneOf('Language', BOT_LANGUAGES),
  chatPosition: oneOf('Chat position', CHAT_POSITIONS),
  themeColor: z.string({ error: 'Theme colour must be a hex colour like #8B5CF6' }).transform((value, context) => {
    const colour = normaliseThemeColor(value);
    if (!colour) {
      context.addIssue({ code: 'custom', message: 'Theme colour must be a hex colour like #8B5CF6' });
      return z.NEVER;
    }
    return colour;
  }),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  creativity: z.coerce
    .number({ error: 'Creativity must be a number' })
    .refine(isValidCreativity, { error: 'Creativity must be between 0 and 0.7 in steps of 0.1' }),
  maxTokens: z.coerce
    .number({ error: 'Max response length must be a number' })
    .int({ error: 'Max response length must be a whole number' })
    .min(0, { error: 'Max response length must be 0 (provider default) or more' })
    .max(MAX_TOKENS_LIMIT, { error: `Max response length must be at most ${MAX_TOKENS_LIMIT}` }),
  streaming: z.boolean({ error: 'streaming must be true or false' }),
  enableMemory: z.boolean({ error: 'enableMemory must be true or false' }),
  followUpBehavior: oneOf('Follow-up behaviour', FOLLOW_UP_BEHAVIORS),
};

/** What a new bot gets for every field its creator leaves out (the spec's defaults). */
const BOT_DEFAULTS = {
  generatedPrompt: '',
  tone: 'friendly',
  responseStyle: 'balanced',
  languageCode: 'en',
  chatPosition: 'bottom-right',
  themeColor: DEFAULT_BOT_THEME_COLOR,
  isActive: true,
  creativity: 0.5,
  maxTokens: 0,
  streaming: false,
  enableMemory: false,
  followUpBehavior: 'ask-more',
} as const;

/** The spec's Bot also calls the name `botName`; accept either, `name` winning. Nulls mean "not given". */
function withNameAlias(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const record = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  return record.name === undefined && record.botName !== undefined ? { ...record, name: record.botName } : record;
}

function withDefaults(input: unknown): unknown {
  const record = withNameAlias(input);
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return record;
  const given = Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
  return { ...BOT_DEFAULTS, ...given };
}

const customToneNeedsDescription = (bot: { tone?: string; customToneDescription?: string | null }) =>
  bot.tone !== 'custom' || Boolean(bot.customToneDescription);
const customToneIssue = { error: 'Describe the custom tone', path: ['customToneDescription'] };

export const createBotInput = z.preprocess(withDefaults, z.object(botFields).refine(customToneNeedsDescription, customToneIssue));

/** Updates change only the fields they carry (the custom-tone rule is checked on the merged bot). */
export const updateBotInput = z.preprocess(withNameAlias, z.object(botFields).partial());

export const CUSTOM_TONE_MESSAGE = customToneIssue.error;
export { customToneNeedsDescription };

export type CreateBotInput = z.output<typeof createBotInput>;
export type UpdateBotInput = z.output<typeof updateBotInput>;

export const botListFilter = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum([...BOT_STATUSES, 'all']).optional(),
});

/** The list's status: training while any source is being processed (learning), else online or offline by the active flag. */
export function botStatus(bot: { isActive: boolean; learning: boolean }): BotStatus {
  if (bot.learning) return 'training';
  return bot.isActive ? 'online' : 'offline';
}
