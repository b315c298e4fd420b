import { z } from 'zod';
import { NotFoundError, notFoundError } from '../../errors.ts';
import { parseInput } from '../../platform/validation.ts';
import { CHAT_MESSAGES } from './errors.ts';
import { ownedChatLogWhere } from './logs.ts';
import { rateAnswer, ratingInput, type RatedAnswer } from './ratings.ts';
import { AnswerCore, type ChatDependencies } from './answering.ts';
import { messageText, type ChatReply } from './replies.ts';

const TEST_SESSION_REUSE_MS = 30 * 60_000;

const testChatInput = z.object({
  question: messageText,
  maxTokens: z.coerce.number({ error: 'max_tokens must be a number' }).int().min(1).max(8192).default(1000),
});

/** The owner's test chat in the editor, and their ratings of their bots' answers (test chat, chat logs). */
export class TestChatChannel {
  constructor(
    private readonly deps: ChatDependencies,
    private readonly core: AnswerCore,
  ) {}

  async chat(ownerId: string, botId: string, rawInput: unknown, onToken?: (token: string) => void): Promise<ChatReply> {
    const input = parseInput(testChatInput, rawInput);
    const since = new Date(this.deps.clock.now().getTime() - TEST_SESSION_REUSE_MS);
    // Scoped by owner: another customer's bot (or a demo bot) is as missing as an unsaved one.
    const context = await this.core.read({ botId, ownerId }, { kind: 'latest', channel: 'test', since }, { channel: 'test' });
    if (!context) throw new NotFoundError(CHAT_MESSAGES.unsavedBot, notFoundError('Bot').code);
    return this.core.respond(context, input.question, { maxTokens: input.maxTokens, onToken });
  }

  /** The owner's rating of an answer of one of their bots, from the test chat or the chat logs. */
  async rate(ownerId: string, messageId: string, rawInput: unknown): Promise<RatedAnswer> {
    const input = parseInput(ratingInput, rawInput);
    return rateAnswer(this.deps, ownedChatLogWhere(ownerId, messageId), input, this.deps.clock.now());
  }
}
