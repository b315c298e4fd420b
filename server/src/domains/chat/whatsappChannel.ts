import type { AnswerRating, Bot } from '../../generated/prisma/client.ts';
import { RateLimitError } from '../../errors.ts';
import { sha256Hex } from '../../platform/crypto/index.ts';
import { parseInput } from '../../platform/validation.ts';
import { MAX_MESSAGE_LENGTH } from './errors.ts';
import { BOT_PHRASES, botLanguage } from './language.ts';
import { rateAnswer, thumbRating } from './ratings.ts';
import { asksForPerson, botAnswers } from '../inbox/public.ts';
import { AnswerCore, type AnswerContext, type ChatDependencies } from './answering.ts';
import { handoffReply, messageText, refusedPolitely, type ChatReply } from './replies.ts';

/** WhatsApp's entry: each linked number's messages, answered in that number's own conversation. */
export class WhatsAppChannel {
  constructor(
    private readonly deps: ChatDependencies,
    private readonly core: AnswerCore,
  ) {}

  /**
   * A message from a number linked to the bot, in that number's own conversation (memory per
   * number). Billing refusals answer the sender politely, like the widget's visitors.
   */
  async chat(bot: Bot, phoneNumber: string, text: string, senderName?: string): Promise<ChatReply> {
    if (!bot.isActive) return this.core.unavailableReply(bot);
    const question = parseInput(messageText, text.slice(0, MAX_MESSAGE_LENGTH));
    const context = await this.core.read(
      { botId: bot.id },
      { kind: 'latest', channel: 'whatsapp', phoneNumber },
      // Keyed like the demo's: the number's first messages arriving together open its conversation once.
      {
        channel: 'whatsapp',
        tokenHash: sha256Hex(`whatsapp:${bot.id}:${phoneNumber}`),
        phoneNumber,
        visitorName: senderName?.slice(0, 100) || null,
      },
    );
    if (!context) return this.core.unavailableReply(bot);
    try {
      // The widget's limits per conversation and per bot: a number sending in a loop cannot drain the credits.
      // Keyed by the number, not the row: a burst of first messages may not have one conversation id yet.
      await this.core.limit(
        { which: 'perSession', key: `whatsapp:number:${bot.id}:${phoneNumber}` },
        { which: 'perBot', key: `whatsapp:bot:${bot.id}` },
      );
      const thumb = thumbRating(question);
      if (thumb && (await this.rateLatestAnswer(context, thumb))) {
        return { text: BOT_PHRASES[botLanguage(bot.languageCode)].thanksForRating, sources: [], messageId: null };
      }
      const current = await this.core.reopenIfClosed(context);
      const { handoff } = this.deps;
      if (handoff && (!botAnswers(current.session.status) || (bot.handoffEnabled && asksForPerson(question)))) {
        // A conversation opening with a request for a person is written first, as the bot's first answer would be.
        const session = await this.core.open(current);
        const outcome = botAnswers(current.session.status)
          ? await handoff.askForPerson(bot.id, session.id, question)
          : await handoff.holdForPerson(bot.id, session.id, question);
        return handoffReply(outcome);
      }
      return await this.core.respond(current, question, {});
    } catch (error) {
      if (error instanceof RateLimitError) return { text: error.message, sources: [], messageId: null };
      if (!refusedPolitely(error)) throw error;
      this.deps.logger.info(
        { botId: bot.id, code: error.code },
        'WhatsApp answer not paid for, or its owner suspended; told the sender the bot is unavailable',
      );
      return this.core.unavailableReply(bot);
    }
  }

  /**
   * A thumb sent right after an answer rates it: the conversation `read` found ends with that answer
   * (nothing asked since). False when there is none (or the conversation is only opening), and the
   * thumb is then read as a message.
   */
  private async rateLatestAnswer(context: AnswerContext, rating: AnswerRating): Promise<boolean> {
    if (context.opening) return false;
    const latest = await this.deps.prisma.chatMessage.findFirst({
      where: { sessionId: context.session.id },
      orderBy: [{ createdAt: 'desc' }, { role: 'desc' }],
      select: { id: true, role: true },
    });
    if (latest?.role !== 'assistant') return false;
    await rateAnswer(this.deps, { id: latest.id, sessionId: context.session.id }, { rating, comment: null }, this.deps.clock.now());
    return true;
  }
}
