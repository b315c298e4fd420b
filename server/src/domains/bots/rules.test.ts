import * as shared from '@chatbot/common/bots';
import { describe, expect, it } from 'vitest';
import * as rules from './rules.ts';

// The dashboard's editor offers the bounds in common/src/bots.ts; the server must refuse one character more.
describe('bot text limits', () => {
  it.each(Object.entries(shared.BOT_TEXT_LIMITS))('take %s up to %i characters and not one more', (field, limit) => {
    const input = field === 'prompt' ? 'botPrompt' : field;
    const bot = { name: 'Bot', displayName: 'Bot', useCase: 'faq-bot', description: 'Answers questions' };
    expect(rules.createBotInput.safeParse({ ...bot, [input]: 'x'.repeat(limit) }).success).toBe(true);
    expect(
      rules.createBotInput.safeParse({ ...bot, tone: 'custom', customToneDescription: 'dry', [input]: 'x'.repeat(limit + 1) }).success,
    ).toBe(false);
  });
});
