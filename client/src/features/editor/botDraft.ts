import { DEFAULT_BOT_THEME_COLOR, MAX_TOKENS_LIMIT, TONES, type Tone } from '@chatbot/common/bots';
import type { BotEditorFragment$data } from './__generated__/BotEditorFragment.graphql.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/** What the editor's form holds; maxTokens stays text while typed so that a half-typed value is not lost. */
export interface BotDraft {
  name: string;
  useCase: string;
  description: string;
  prompt: string;
  displayName: string;
  tone: Tone;
  customToneDescription: string;
  responseStyle: string;
  languageCode: string;
  isActive: boolean;
  chatPosition: string;
  themeColor: string;
  creativity: number;
  maxTokens: string;
  streaming: boolean;
  enableMemory: boolean;
  followUpBehavior: string;
}

export type ImageKind = 'icon' | 'logo';
export type NewImages = Partial<Record<ImageKind, File>>;

/** A new bot starts from the spec's defaults, with no use case chosen yet. */
export const NEW_BOT_DRAFT: BotDraft = {
  name: '',
  useCase: '',
  description: '',
  prompt: '',
  displayName: '',
  tone: 'friendly',
  customToneDescription: '',
  responseStyle: 'balanced',
  languageCode: 'en',
  isActive: true,
  chatPosition: 'bottom-right',
  themeColor: DEFAULT_BOT_THEME_COLOR,
  creativity: 0.5,
  maxTokens: '0',
  streaming: false,
  enableMemory: false,
  followUpBehavior: 'ask-more',
};

const asTone = (value: string): Tone => ((TONES as readonly string[]).includes(value) ? (value as Tone) : 'friendly');

/** The prompt the bot answers with is botPrompt when set, else the generated one (server/src/domains/chat/prompt.ts). */
export function draftOf(bot: Omit<BotEditorFragment$data, ' $fragmentType' | 'id' | 'iconUrl' | 'logoUrl'>): BotDraft {
  return {
    name: bot.name,
    useCase: bot.useCase,
    description: bot.description,
    prompt: bot.botPrompt || bot.generatedPrompt,
    displayName: bot.displayName,
    tone: asTone(bot.tone),
    customToneDescription: bot.customToneDescription ?? '',
    responseStyle: bot.responseStyle,
    languageCode: bot.languageCode,
    isActive: bot.isActive,
    chatPosition: bot.chatPosition,
    themeColor: bot.themeColor,
    creativity: bot.creativity,
    maxTokens: String(bot.maxTokens),
    streaming: bot.streaming,
    enableMemory: bot.enableMemory,
    followUpBehavior: bot.followUpBehavior,
  };
}

export function sameDraft(a: BotDraft, b: BotDraft): boolean {
  return (Object.keys(a) as (keyof BotDraft)[]).every((key) => a[key] === b[key]);
}

export const isHexColor = (value: string) => /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim());

function isValidMaxTokens(value: string): boolean {
  if (!/^\d+$/.test(value.trim())) return false;
  const tokens = Number(value);
  return tokens >= 0 && tokens <= MAX_TOKENS_LIMIT;
}

/** Fields a save needs, by their label key; empty when the draft can be saved. */
export type DraftField = 'name' | 'useCase' | 'description' | 'displayName' | 'customTone' | 'themeColor' | 'maxTokens';

export function missingForSave(draft: BotDraft): DraftField[] {
  const missing: DraftField[] = [];
  if (!draft.name.trim()) missing.push('name');
  if (!draft.useCase) missing.push('useCase');
  if (!draft.description.trim()) missing.push('description');
  if (!draft.displayName.trim()) missing.push('displayName');
  if (draft.tone === 'custom' && !draft.customToneDescription.trim()) missing.push('customTone');
  return missing;
}

export function invalidForSave(draft: BotDraft): DraftField[] {
  const invalid: DraftField[] = [];
  if (!isHexColor(draft.themeColor)) invalid.push('themeColor');
  if (!isValidMaxTokens(draft.maxTokens)) invalid.push('maxTokens');
  return invalid;
}

/** The GraphQL BotInput of a draft; the edited prompt is both the generated prompt and the one answered with. */
export function inputOf(draft: BotDraft) {
  const prompt = draft.prompt.trim();
  return {
    name: draft.name.trim(),
    useCase: draft.useCase,
    description: draft.description.trim(),
    generatedPrompt: prompt,
    botPrompt: prompt,
    displayName: draft.displayName.trim(),
    tone: draft.tone,
    customToneDescription: draft.tone === 'custom' ? draft.customToneDescription.trim() : null,
    responseStyle: draft.responseStyle,
    languageCode: draft.languageCode,
    isActive: draft.isActive,
    chatPosition: draft.chatPosition,
    themeColor: draft.themeColor.trim(),
    creativity: draft.creativity,
    maxTokens: Number(draft.maxTokens),
    streaming: draft.streaming,
    enableMemory: draft.enableMemory,
    followUpBehavior: draft.followUpBehavior,
  };
}
