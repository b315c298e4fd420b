import { createContextCache } from '@pothos/core';
import DataLoader from 'dataloader';
import { NotFoundError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { UserRef, viewerOnly } from '../auth/schema.ts';
import { BotRef } from '../bots/schema.ts';
import { ChannelEnum, CitationRef } from '../chat/schema.ts';
import type { Citation } from '../chat/public.ts';
import type { ConversationChange } from './events.ts';
import { INBOX_CHANNELS, MAX_REPLY_LENGTH } from './rules.ts';
import { ownedConversationsWhere, ownedConversationWhere } from './service.ts';

const ConversationStatusEnum = builder.enumType('ConversationStatus', {
  description:
    'Who answers a conversation: BOT, the bot; WAITING, the visitor asked for a person and nobody has taken it over yet; ' +
    'HUMAN, a person of yours (the bot stays silent); CLOSED, nobody (the bot answers again if the visitor writes).',
  values: {
    BOT: { value: 'bot' as const },
    WAITING: { value: 'waiting' as const },
    HUMAN: { value: 'human' as const },
    CLOSED: { value: 'closed' as const },
  },
});

const MessageRoleEnum = builder.enumType('ConversationMessageRole', {
  description: 'Who wrote a message: the VISITOR, the BOT, or an AGENT (a person of yours, from the inbox).',
  values: { VISITOR: { value: 'user' as const }, BOT: { value: 'assistant' as const }, AGENT: { value: 'agent' as const } },
});

const InboxChannelEnum = builder.enumType('InboxChannel', {
  description: 'The channels whose conversations the inbox shows.',
  values: INBOX_CHANNELS,
});

/** Per request: the unread counts of every conversation a response shows, read together. */
const unreadCounts = createContextCache(
  (context: GraphQLContext) => new DataLoader<string, number>((ids) => context.services.inbox.unreadCounts(ids)),
);

export const ConversationMessageRef = builder.prismaNode('ChatMessage', {
  variant: 'ConversationMessage',
  id: { field: 'id' },
  description: 'A message of a conversation, as the inbox shows it.',
  findUnique: (id, context) => ({ id, session: ownedConversationsWhere(context.viewer?.id ?? null) }),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    role: t.expose('role', { type: MessageRoleEnum, description: 'Who wrote it.' }),
    text: t.exposeString('content', { description: 'The message as written (a bot answer in markdown).' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was sent.' }),
    sources: t.field({
      type: [CitationRef],
      description: "The passages a bot's answer cites; none for the visitor's and a person's messages.",
      select: { sources: true },
      resolve: (message) => (Array.isArray(message.sources) ? (message.sources as unknown as Citation[]) : []),
    }),
    authorName: t.string({
      nullable: true,
      description: "The name of the person who wrote an AGENT message; null for the visitor's and the bot's.",
      select: { author: { select: { fullName: true } } },
      resolve: (message) => message.author?.fullName ?? null,
    }),
  }),
});

export const ConversationRef = builder.prismaNode('ChatSession', {
  name: 'Conversation',
  id: { field: 'id' },
  description: 'A conversation of one of your bots with a visitor, on the widget or WhatsApp, and who answers it.',
  findUnique: (id, context) => ownedConversationWhere(context.viewer?.id ?? null, id),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    status: t.expose('status', { type: ConversationStatusEnum, description: 'Who answers it now.' }),
    statusChangedAt: t.expose('statusChangedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When its status last changed; null while the bot has always answered it.',
    }),
    channel: t.expose('channel', { type: ChannelEnum, description: 'Where the visitor writes from: the widget or WhatsApp.' }),
    visitorName: t.exposeString('visitorName', {
      nullable: true,
      description: 'The name the visitor gave (the widget) or their WhatsApp name.',
    }),
    visitorEmail: t.exposeString('visitorEmail', { nullable: true, description: 'The email address the visitor gave, if any.' }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true, description: "The visitor's WhatsApp number; null on the widget." }),
    pageUrl: t.exposeString('pageUrl', {
      nullable: true,
      description: 'The page of your site the widget visitor started on, or asked for a person from; null on WhatsApp.',
    }),
    replyEmail: t.exposeString('replyEmail', {
      nullable: true,
      description: 'The address the visitor left while waiting for a person: your replies are emailed to it too.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the visitor opened it.' }),
    lastMessageAt: t.expose('lastMessageAt', { type: 'DateTime', description: 'When its last message was sent.' }),
    bot: t.relation('bot', { description: 'The bot the visitor talks to.' }),
    lastMessage: t.string({
      nullable: true,
      description: 'The newest message, for the list; null before any.',
      select: { messages: { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: 1, select: { content: true } } },
      resolve: (conversation) => conversation.messages[0]?.content ?? null,
    }),
    unreadCount: t.int({
      description: "The visitor's messages you have not read (opening the conversation with markConversationRead reads them).",
      resolve: (conversation, _args, context) => unreadCounts(context).load(conversation.id),
    }),
    messages: t.relatedConnection('messages', {
      type: ConversationMessageRef,
      cursor: 'id',
      description: 'The transcript, oldest first: ask for `last: n` to read the newest.',
      query: () => ({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

builder.prismaObjectField(UserRef, 'conversations', (t) =>
  t.prismaConnection({
    type: ConversationRef,
    cursor: 'id',
    description: 'The conversations of your bots on the widget and WhatsApp, the most recently active first.',
    authScopes: viewerOnly,
    args: {
      botId: t.arg.globalID({ for: [BotRef], required: false }),
      channel: t.arg({ type: InboxChannelEnum, required: false }),
      status: t.arg({ type: ConversationStatusEnum, required: false, description: 'WAITING: the visitors who asked for a person.' }),
      search: t.arg.string({ required: false, description: "Words of the visitor's name, email, number or of a message." }),
    },
    resolve: (query, user, args, context) =>
      context.prisma.chatSession.findMany({
        ...query,
        where: context.services.inbox.conversationsWhere(user.id, {
          botId: args.botId?.id,
          channel: args.channel ?? undefined,
          status: args.status ?? undefined,
          search: args.search ?? undefined,
        }),
        orderBy: [{ lastMessageAt: 'desc' }, { id: 'desc' }],
      }),
  }),
);

const ConversationChangeRef = builder.objectRef<ConversationChange>('ConversationChange').implement({
  description: 'A change of a conversation: a new message (the visitor’s, the bot’s or a person’s), its status, or what you have read.',
  authScopes: { customer: true },
  fields: (t) => ({
    conversation: t.prismaField({
      type: ConversationRef,
      nullable: true,
      description: 'The conversation as it now is; null once it is gone (its bot was deleted).',
      resolve: (query, change, _args, context) =>
        context.prisma.chatSession.findFirst({ ...query, where: ownedConversationWhere(change.ownerId, change.conversationId) }),
    }),
    viewer: t.prismaField({
      type: UserRef,
      description: 'You, as the change leaves you: ask for `waitingConversationsCount` to keep the inbox badge current.',
      resolve: (query, change, _args, context) => context.prisma.user.findUniqueOrThrow({ ...query, where: { id: change.ownerId } }),
    }),
    message: t.prismaField({
      type: ConversationMessageRef,
      nullable: true,
      description: 'The last message the change added; null for a change of status or of what you have read. See `messages`.',
      resolve: (query, change, _args, context) => {
        const last = change.messageIds.at(-1);
        return last ? context.prisma.chatMessage.findUnique({ ...query, where: { id: last } }) : null;
      },
    }),
    messages: t.prismaField({
      type: [ConversationMessageRef],
      description:
        'The messages the change added, in order (a question and the bot’s answer come together); none for a change of status or of what you have read.',
      resolve: (query, change, _args, context) =>
        change.messageIds.length === 0
          ? []
          : context.prisma.chatMessage.findMany({
              ...query,
              where: { id: { in: [...change.messageIds] } },
              orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
            }),
    }),
  }),
});

builder.subscriptionField('inboxChanged', (t) =>
  t.field({
    type: ConversationChangeRef,
    description: 'Each change of your inbox as it happens: a new conversation or message, a status changed, a conversation read.',
    authScopes: { customer: true },
    subscribe: (_root, _args, context) => context.services.inbox.inboxChanges(context.viewer!.id),
    resolve: (change) => change,
  }),
);

builder.subscriptionField('conversationChanged', (t) =>
  t.field({
    type: ConversationChangeRef,
    description: "One of your conversations' changes as they happen: its new messages and its status.",
    authScopes: { customer: true },
    args: { id: t.arg.globalID({ for: [ConversationRef], required: true }) },
    subscribe: (_root, args, context) => context.services.inbox.conversationChanges(context.viewer!.id, args.id.id),
    resolve: (change) => change,
  }),
);

/** The owner's actions on a conversation, each answering the conversation as it then is. */
const ACTIONS = {
  takeOverConversation: {
    description: 'A person of yours answers the conversation from now on; the bot stays silent. A closed one opens again.',
    run: (context: GraphQLContext, id: string) => context.services.inbox.takeOver(context.viewer!.id, id),
  },
  releaseConversation: {
    description: 'Gives the conversation back to the bot.',
    run: (context: GraphQLContext, id: string) => context.services.inbox.release(context.viewer!.id, id),
  },
  closeConversation: {
    description: 'Closes the conversation: nobody answers until the visitor writes again (the bot then does) or you take it over.',
    run: (context: GraphQLContext, id: string) => context.services.inbox.close(context.viewer!.id, id),
  },
  markConversationRead: {
    description: "Marks the visitor's messages so far as read.",
    run: (context: GraphQLContext, id: string) => context.services.inbox.markRead(context.viewer!.id, id),
  },
} as const;

for (const [name, action] of Object.entries(ACTIONS)) {
  builder.mutationField(name, (t) =>
    t.prismaField({
      type: ConversationRef,
      description: action.description,
      authScopes: { customer: true },
      errors: { types: [ValidationError, NotFoundError] },
      args: { id: t.arg.globalID({ for: [ConversationRef], required: true }) },
      resolve: async (query, _root, args, context) => {
        const conversation = await action.run(context, args.id.id);
        return context.prisma.chatSession.findUniqueOrThrow({ ...query, where: { id: conversation.id } });
      },
    }),
  );
}

const ConversationReplyRef = builder.objectRef<{ conversationId: string; messageId: string }>('ConversationReply').implement({
  description: 'A reply sent, with the conversation it took over.',
  authScopes: { customer: true },
  fields: (t) => ({
    reply: t.prismaField({
      type: ConversationMessageRef,
      description: 'The message sent.',
      resolve: (query, reply, _args, context) => context.prisma.chatMessage.findUniqueOrThrow({ ...query, where: { id: reply.messageId } }),
    }),
    conversation: t.prismaField({
      type: ConversationRef,
      description: 'The conversation the reply took over.',
      resolve: (query, reply, _args, context) =>
        context.prisma.chatSession.findUniqueOrThrow({ ...query, where: { id: reply.conversationId } }),
    }),
  }),
});

builder.mutationField('replyToConversation', (t) =>
  t.field({
    type: ConversationReplyRef,
    description: `Sends a person's reply to the visitor (at most ${MAX_REPLY_LENGTH} characters); it takes the conversation over and costs no credits.`,
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: { id: t.arg.globalID({ for: [ConversationRef], required: true }), text: t.arg.string({ required: true }) },
    resolve: async (_root, args, context) => {
      const { conversation, message } = await context.services.inbox.reply(context.viewer!.id, args.id.id, args.text);
      return { conversationId: conversation.id, messageId: message.id };
    },
  }),
);
