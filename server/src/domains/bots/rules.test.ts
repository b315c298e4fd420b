import * as shared from '@chatbot/common/bots';
import { describe, expect, it } from 'vitest';
import * as rules from './rules.ts';

// The dashboard offers the choices and bounds in common/src/bots.ts; the server checks its own copy
// (its compiled build does not bundle the TypeScript common/ workspace), so the two must agree.
describe('bot rules the dashboard mirrors', () => {
  it.each([
    ['USE_CASES', rules.USE_CASES, shared.USE_CASES],
    ['TONES', rules.TONES, shared.TONES],
    ['RESPONSE_STYLES', rules.RESPONSE_STYLES, shared.RESPONSE_STYLES],
    ['BOT_LANGUAGES', rules.BOT_LANGUAGES, shared.BOT_LANGUAGES],
    ['CHAT_POSITIONS', rules.CHAT_POSITIONS, shared.CHAT_POSITIONS],
    ['FOLLOW_UP_BEHAVIORS', rules.FOLLOW_UP_BEHAVIORS, shared.FOLLOW_UP_BEHAVIORS],
    ['CREATIVITY_MAX', rules.CREATIVITY_MAX, shared.CREATIVITY_MAX],
    ['MAX_TOKENS_LIMIT', rules.MAX_TOKENS_LIMIT, shared.MAX_TOKENS_LIMIT],
    ['the default theme colour', rules.DEFAULT_THEME_COLOR, shared.DEFAULT_BOT_THEME_COLOR],
  ])('agree on %s', (_name, server, dashboard) => {
    expect(server).toEqual(dashboard);
  });

  it.each(Object.entries(shared.BOT_TEXT_LIMITS))('take %s up to %i characters and not one more', (field, limit) => {
    const input = field === 'prompt' ? 'botPrompt' : field;
    const bot = { name: 'Bot', displayName: 'Bot', useCase: 'faq-bot', description: 'Answers questions' };
    expect(rules.createBotInput.safeParse({ ...bot, [input]: 'x'.repeat(limit) }).success).toBe(true);
    expect(
      rules.createBotInput.safeParse({ ...bot, tone: 'custom', customToneDescription: 'dry', [input]: 'x'.repeat(limit + 1) }).success,
    ).toBe(false);
  });
});
