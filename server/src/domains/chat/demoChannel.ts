import type { Bot } from '../../generated/prisma/client.ts';
import { notFoundError } from '../../errors.ts';
import { sha256Hex } from '../../platform/crypto/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { AnswerCore } from './answering.ts';
import { messageText, type ChatReply } from './replies.ts';

/** The demo's entry: a visitor's timed trial of a demo bot, never charged. */
export class DemoChannel {
  constructor(private readonly core: AnswerCore) {}

  /** A question to a demo bot, in the demo session's own conversation; the demo is never charged. */
  async chat(bot: Bot, demoSessionId: string, rawQuery: unknown): Promise<ChatReply> {
    const question = parseInput(messageText, rawQuery);
    const tokenHash = sha256Hex(`demo:${demoSessionId}:${bot.id}`);
    const context = await this.core.read({ botId: bot.id }, { kind: 'token', tokenHash }, { channel: 'demo', tokenHash });
    if (!context) throw notFoundError('Bot');
    return this.core.respond(context, question, {});
  }
}
