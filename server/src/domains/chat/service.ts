// The chat domain's surface: one answering core (answering.ts) behind the four channel entries.
import type { Bot, Channel } from '../../generated/prisma/client.ts';
import { AnswerCore, type ChatDependencies } from './answering.ts';
import { DemoChannel } from './demoChannel.ts';
import type { Answerer } from './engine.ts';
import { TestChatChannel } from './testChatChannel.ts';
import { WhatsAppChannel } from './whatsappChannel.ts';
import { WidgetChannel } from './widgetChannel.ts';
import { attentionTopic, type AttentionChange } from './attentionEvents.ts';

export type { Exchange } from './answering.ts';
export type { ChatReply } from './replies.ts';
export type { ConversationEvent, HandoffRequest, HistoryEntry, WidgetSettings } from './widgetChannel.ts';

/** Answers questions to bots on every channel: the public widget, WhatsApp, the owner's test chat and the demo. */
export class ChatService {
  private readonly core: AnswerCore;
  private readonly widget: WidgetChannel;
  private readonly whatsapp: WhatsAppChannel;
  private readonly test: TestChatChannel;
  private readonly demo: DemoChannel;

  constructor(private readonly deps: ChatDependencies) {
    this.core = new AnswerCore(deps);
    this.widget = new WidgetChannel(deps, this.core);
    this.whatsapp = new WhatsAppChannel(deps, this.core);
    this.test = new TestChatChannel(deps, this.core);
    this.demo = new DemoChannel(this.core);
  }

  publicSettings(...args: Parameters<WidgetChannel['settings']>) {
    return this.widget.settings(...args);
  }

  createWidgetSession(...args: Parameters<WidgetChannel['createSession']>) {
    return this.widget.createSession(...args);
  }

  widgetHistory(...args: Parameters<WidgetChannel['history']>) {
    return this.widget.history(...args);
  }

  widgetChat(...args: Parameters<WidgetChannel['chat']>) {
    return this.widget.chat(...args);
  }

  rateWidgetAnswer(...args: Parameters<WidgetChannel['rate']>) {
    return this.widget.rate(...args);
  }

  askForPerson(...args: Parameters<WidgetChannel['askForPerson']>) {
    return this.widget.askForPerson(...args);
  }

  widgetConversationEvents(...args: Parameters<WidgetChannel['conversationEvents']>) {
    return this.widget.conversationEvents(...args);
  }

  whatsappChat(...args: Parameters<WhatsAppChannel['chat']>) {
    return this.whatsapp.chat(...args);
  }

  testChat(...args: Parameters<TestChatChannel['chat']>) {
    return this.test.chat(...args);
  }

  rateOwnAnswer(...args: Parameters<TestChatChannel['rate']>) {
    return this.test.rate(...args);
  }

  demoChat(...args: Parameters<DemoChannel['chat']>) {
    return this.demo.chat(...args);
  }

  /** The owner's Needs attention changes from now on: an answer refused, or rated (the GraphQL subscription). */
  attentionChanges(ownerId: string, signal?: AbortSignal): AsyncIterable<AttentionChange> {
    if (!this.deps.pubsub) throw new Error('the chat was built without a pubsub, so it has no live changes');
    return this.deps.pubsub.subscribe(attentionTopic(ownerId), signal) as AsyncIterable<AttentionChange>;
  }

  /** For lead capture: which model answers a bot on a channel; read on its own. */
  answererFor(bot: Bot, channel: Channel): Promise<Answerer> {
    return this.core.answererFor(bot, channel);
  }
}
