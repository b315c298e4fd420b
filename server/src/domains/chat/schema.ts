import { resolveArrayConnection } from '@pothos/plugin-relay';
import { NotFoundError, PaymentRequiredError, RateLimitError, ServiceUnavailableError, ValidationError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { streamOf } from '../../platform/pubsub/streams.ts';
import { UserRef, viewerOnly } from '../auth/schema.ts';
import { BotRef } from '../bots/schema.ts';
import { ATTENTION_ORDERS, ATTENTION_REASONS, type AttentionGroup } from './attention.ts';
import { answererOf, DATE_RANGES, ownedChatLogWhere } from './logs.ts';
import type { AttentionChange } from './attentionEvents.ts';
import { explainAnswer, type AnswerExplanation, type ExplainedPassage } from './explanation.ts';
import type { Citation } from './passages.ts';
import type { ChatReply } from './service.ts';

export const ChannelEnum = builder.enumType('Channel', { values: ['widget', 'test', 'demo', 'whatsapp'] as const });
const DateRangeEnum = builder.enumType('ChatLogDateRange', { values: DATE_RANGES });
const AnswerRatingEnum = builder.enumType('AnswerRating', {
  description: "A thumbs up or down on a bot's answer.",
  values: { UP: { value: 'up' as const }, DOWN: { value: 'down' as const } },
});

const SourceTypeEnum = builder.enumType('AnswerSourceType', {
  description: 'Where a passage comes from: an uploaded document, a crawled web page, or a Q&A pair the owner wrote.',
  values: { DOCUMENT: { value: 'document' as const }, WEB_PAGE: { value: 'web_page' as const }, QA_PAIR: { value: 'qa_pair' as const } },
});

const AnswerPassageRef = builder.objectRef<ExplainedPassage>('AnswerPassage').implement({
  description: 'A passage an answer was given: where it comes from, how close retrieval found it, and whether the answer cited it.',
  authScopes: { authenticated: true },
  fields: (t) => ({
    index: t.exposeInt('index', { description: 'Its number among the passages given (the model reads them numbered).' }),
    citedAs: t.exposeInt('citedAs', {
      nullable: true,
      description: 'The [n] the answer cites it by; null when the answer does not cite it.',
    }),
    sourceType: t.expose('sourceType', { type: SourceTypeEnum, description: 'Where the passage comes from.' }),
    title: t.exposeString('title', { description: "The document's name, the page's title or the Q&A pair's question." }),
    url: t.exposeString('url', { nullable: true, description: "The web page's address; null for a document or a Q&A pair." }),
    page: t.exposeInt('page', { nullable: true, description: "The document's page the passage is on, when known." }),
    heading: t.exposeString('heading', { nullable: true, description: 'The headings above the passage in its source, when known.' }),
    score: t.exposeFloat('score', {
      nullable: true,
      description:
        "How close retrieval found it: the vector search's similarity (up to 1), or for a passage found by its words only, a rank score for ordering; 1 for a Q&A pair; null for an answer stored before scores were kept.",
    }),
    snippet: t.exposeString('snippet', { description: 'The start of the passage (or the part the answer quotes).' }),
  }),
});

const AnswerAuthorEnum = builder.enumType('AnswerAuthor', {
  description:
    "Who wrote an answer: a model, or the offline answerer (which quotes the knowledge, and says the owner's Q&A answers as written).",
  values: { MODEL: { value: 'model' as const }, OFFLINE: { value: 'offline' as const } },
});

const AnswerExplanationRef = builder.objectRef<AnswerExplanation>('AnswerExplanation').implement({
  description: 'Why an answer came out as it did: the passages it was given and cited, who wrote it, how long it took and what it cost.',
  authScopes: { authenticated: true },
  fields: (t) => ({
    passages: t.field({
      type: [AnswerPassageRef],
      description: 'The passages the answer was given, in the order it was given them (the owner’s Q&A pair first).',
      resolve: (explanation) => explanation.passages,
    }),
    passagesKept: t.exposeBoolean('passagesKept', {
      description: 'False for an answer stored before the given passages were kept: `passages` then lists only the ones it cited.',
    }),
    author: t.expose('author', { type: AnswerAuthorEnum, description: 'Who wrote the answer: a model, or the offline answerer.' }),
    model: t.exposeString('model', { nullable: true, description: "The model's name; null for the offline answerer." }),
    latencyMs: t.exposeInt('latencyMs', { nullable: true, description: 'How long the answer took, from the question to its last word.' }),
    costCredits: t.exposeFloat('costCredits', { description: 'The credits it cost (0 on a plan, or when nothing was charged).' }),
    promptTokens: t.exposeInt('promptTokens', { description: 'Tokens read (estimated where the provider reports none).' }),
    completionTokens: t.exposeInt('completionTokens', { description: 'Tokens written (estimated where the provider reports none).' }),
  }),
});

const ChatLogAnswererEnum = builder.enumType('ChatLogAnswerer', {
  description: 'Who answered an exchange: the BOT, or a PERSON of yours replying from the inbox.',
  values: { BOT: { value: 'bot' as const }, PERSON: { value: 'person' as const } },
});

/** One answered exchange: an answer (the bot's, or a person's from the inbox) with the question it answers. */
export const ChatLogRef = builder.prismaNode('ChatMessage', {
  name: 'ChatLog',
  id: { field: 'id' },
  // node(id) finds only an answer in a conversation of the viewer's own bots; lists are scoped by their where.
  findUnique: (id, context) => ownedChatLogWhere(context.viewer?.id ?? null, id),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    message: t.string({
      description:
        "The visitor's message it answers; empty for a person's reply sent when the visitor's newest message already had an answer.",
      select: { replyTo: { select: { content: true } } },
      resolve: (answer) => answer.replyTo?.content ?? '',
    }),
    response: t.exposeString('content'),
    answeredBy: t.field({
      type: ChatLogAnswererEnum,
      description: 'Who answered: the bot, or a person of yours from the inbox (a reply that cost no credits).',
      select: { role: true, author: { select: { fullName: true } } },
      resolve: (answer) => answererOf(answer).answeredBy,
    }),
    personName: t.string({
      nullable: true,
      description: "The name of the person who answered; null for the bot's answers.",
      select: { role: true, author: { select: { fullName: true } } },
      resolve: (answer) => answererOf(answer).personName,
    }),
    timestamp: t.expose('createdAt', { type: 'DateTime' }),
    unanswered: t.exposeBoolean('unanswered'),
    rating: t.expose('rating', {
      type: AnswerRatingEnum,
      nullable: true,
      description: "How the visitor (or the owner) rated this answer; null while unrated (a person's reply is never rated).",
    }),
    ratingComment: t.exposeString('ratingComment', { nullable: true, description: 'The line that came with a thumbs-down.' }),
    latencyMs: t.exposeInt('latencyMs', { nullable: true }),
    explanation: t.field({
      type: AnswerExplanationRef,
      description:
        "Why this answer: the passages it was given and cited, the model or the offline answerer, the time and the credits. Meaningful for the bot's answers only (answeredBy BOT): a person's reply was given no passages and cost nothing.",
      select: {
        givenPassages: true,
        sources: true,
        model: true,
        latencyMs: true,
        costCredits: true,
        promptTokens: true,
        completionTokens: true,
      },
      resolve: (answer) => explainAnswer(answer),
    }),
    channel: t.field({
      type: ChannelEnum,
      select: { session: { select: { channel: true } } },
      resolve: (answer) => answer.session.channel,
    }),
    userName: t.string({
      nullable: true,
      select: { session: { select: { visitorName: true } } },
      resolve: (answer) => answer.session.visitorName,
    }),
    userEmail: t.string({
      nullable: true,
      select: { session: { select: { visitorEmail: true } } },
      resolve: (answer) => answer.session.visitorEmail,
    }),
    phoneNumber: t.string({
      nullable: true,
      select: { session: { select: { phoneNumber: true } } },
      resolve: (answer) => answer.session.phoneNumber,
    }),
    bot: t.prismaField({
      type: 'Bot',
      select: (_args, _context, nested) => ({ session: { select: { bot: nested() } } }),
      resolve: (_query, answer) => answer.session.bot,
    }),
  }),
});

builder.prismaObjectField(UserRef, 'chatLogs', (t) =>
  t.prismaConnection({
    type: 'ChatMessage',
    cursor: 'id',
    description: "Answered exchanges of the viewer's bots, newest first.",
    authScopes: viewerOnly,
    args: {
      botId: t.arg.globalID({ for: [BotRef], required: false }),
      search: t.arg.string({ required: false }),
      dateRange: t.arg({ type: DateRangeEnum, required: false }),
      channel: t.arg({ type: ChannelEnum, required: false }),
    },
    resolve: (query, user, args, context) =>
      context.prisma.chatMessage.findMany({
        ...query,
        where: context.services.chatLogs.where(user.id, {
          botId: args.botId?.id,
          search: args.search ?? undefined,
          dateRange: args.dateRange ?? undefined,
          channel: args.channel ?? undefined,
        }),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),
);

builder.prismaObjectField(UserRef, 'unansweredQuestions', (t) =>
  t.prismaConnection({
    type: 'ChatMessage',
    cursor: 'id',
    description: "Questions the viewer's bots could not answer from their knowledge: what to add next.",
    authScopes: viewerOnly,
    resolve: (query, user, _args, context) =>
      context.prisma.chatMessage.findMany({
        ...query,
        where: context.services.chatLogs.where(user.id, { unanswered: true }),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),
);

const AttentionReasonEnum = builder.enumType('AttentionReason', {
  description: 'Why a question needs the owner: the bot could not answer it from its knowledge, or its answer was rated down.',
  values: ATTENTION_REASONS,
});
const AttentionOrderEnum = builder.enumType('AttentionOrder', {
  description: 'MOST_FREQUENT: the most asked first (then the newest); NEWEST: the most recently asked first.',
  values: ATTENTION_ORDERS,
});

/** The exchanges of a group listed with it; the count says how many there are in all. */
const ATTENTION_EXCHANGES = 20;

const AttentionGroupRef = builder.objectRef<AttentionGroup>('AttentionGroup').implement({
  description: 'A question one of your bots refused or answered badly, asked once or many ways (grouped by the words retrieval compares).',
  authScopes: { authenticated: true },
  fields: (t) => ({
    id: t.exposeID('id', { description: "The newest exchange's answer id: stable until the question is asked again." }),
    question: t.exposeString('question', { description: 'The newest wording.' }),
    count: t.exposeInt('count', { description: 'How many times it was asked (every wording).' }),
    latestAt: t.expose('latestAt', { type: 'DateTime', description: 'When it was last asked.' }),
    reasons: t.field({
      type: [AttentionReasonEnum],
      description: 'Why it needs you: not in the knowledge, rated down, or both.',
      resolve: (group) => group.reasons,
    }),
    bot: t.prismaField({
      type: 'Bot',
      description: 'The bot that was asked.',
      resolve: (query, group, _args, context) => context.prisma.bot.findUniqueOrThrow({ ...query, where: { id: group.botId } }),
    }),
    exchanges: t.prismaField({
      type: [ChatLogRef],
      description: `The exchanges asking it, newest first (at most ${ATTENTION_EXCHANGES}).`,
      resolve: (query, group, _args, context) =>
        context.prisma.chatMessage.findMany({
          ...query,
          where: { id: { in: group.items.slice(0, ATTENTION_EXCHANGES).map((item) => item.answerId) } },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        }),
    }),
  }),
});

builder.objectField(UserRef, 'needsAttention', (t) =>
  t.connection({
    type: AttentionGroupRef,
    description: "Questions the viewer's bots refused or answered badly (rated down), the same question asked many ways shown once.",
    authScopes: viewerOnly,
    args: {
      botId: t.arg.globalID({ for: [BotRef], required: false }),
      channel: t.arg({ type: ChannelEnum, required: false }),
      dateRange: t.arg({ type: DateRangeEnum, required: false }),
      order: t.arg({ type: AttentionOrderEnum, required: false }),
    },
    resolve: async (user, args, context) => {
      const filter = { botId: args.botId?.id, channel: args.channel ?? undefined, dateRange: args.dateRange ?? undefined };
      return resolveArrayConnection({ args }, await context.services.chatLogs.needsAttention(user.id, filter, args.order ?? undefined));
    },
  }),
);

const NeedsAttentionChangeRef = builder.objectRef<AttentionChange>('NeedsAttentionChange').implement({
  description: 'A change of your Needs attention: an answer your bot could not give, or a rating given or changed.',
  authScopes: { customer: true },
  fields: (t) => ({
    chatLog: t.prismaField({
      type: ChatLogRef,
      nullable: true,
      description: 'The answer whose standing changed; null once it is gone.',
      resolve: (query, change, _args, context) =>
        context.prisma.chatMessage.findFirst({ ...query, where: ownedChatLogWhere(change.ownerId, change.chatLogId) }),
    }),
    viewer: t.prismaField({
      type: 'User',
      description: 'You: select `needsAttention` with your screen’s filters to have the list read again in the same event.',
      resolve: (query, change, _args, context) => context.prisma.user.findUniqueOrThrow({ ...query, where: { id: change.ownerId } }),
    }),
  }),
});

builder.subscriptionField('needsAttentionChanged', (t) =>
  t.field({
    type: NeedsAttentionChangeRef,
    description: 'Each change of your Needs attention as it happens: a question your bot could not answer, a rating given or changed.',
    authScopes: { customer: true },
    subscribe: (_root, _args, context) => context.services.chat.attentionChanges(context.viewer!.id),
    resolve: (change) => change,
  }),
);

builder.objectField(BotRef, 'needsAttention', (t) =>
  t.connection({
    type: AttentionGroupRef,
    description: 'Questions this bot refused or answered badly (rated down), the same question asked many ways shown once.',
    authScopes: { authenticated: true },
    args: {
      channel: t.arg({ type: ChannelEnum, required: false }),
      dateRange: t.arg({ type: DateRangeEnum, required: false }),
      order: t.arg({ type: AttentionOrderEnum, required: false }),
    },
    resolve: async (bot, args, context) => {
      const filter = { botId: bot.id, channel: args.channel ?? undefined, dateRange: args.dateRange ?? undefined };
      return resolveArrayConnection(
        { args },
        await context.services.chatLogs.needsAttention(context.viewer!.id, filter, args.order ?? undefined),
      );
    },
  }),
);

export const CitationRef = builder.objectRef<Citation>('Citation').implement({
  description: 'A source an answer used.',
  authScopes: { authenticated: true },
  fields: (t) => ({
    index: t.exposeInt('index', { description: 'The [n] the answer cites it by' }),
    title: t.exposeString('title'),
    url: t.exposeString('url', { nullable: true }),
    page: t.exposeInt('page', { nullable: true }),
    snippet: t.exposeString('snippet'),
    sourceType: t.exposeString('sourceType'),
  }),
});

const AnswerRef = builder.objectRef<ChatReply>('BotAnswer').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    answer: t.exposeString('text'),
    sources: t.field({ type: [CitationRef], resolve: (reply) => reply.sources }),
    messageId: t.globalID({
      nullable: true,
      description: 'The answer as a chat log entry, for rateAnswer.',
      resolve: (reply) => (reply.messageId ? { type: 'ChatLog', id: reply.messageId } : null),
    }),
  }),
});

builder.mutationField('rateAnswer', (t) =>
  t.field({
    type: ChatLogRef,
    description:
      "Rates an answer of one of the viewer's bots: one rating per answer, a later one replaces it; a comment goes with DOWN only.",
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError] },
    args: {
      messageId: t.arg.globalID({ for: [ChatLogRef], required: true }),
      rating: t.arg({ type: AnswerRatingEnum, required: true }),
      comment: t.arg.string({ required: false }),
    },
    resolve: async (_root, args, context) => {
      const rated = await context.services.chat.rateOwnAnswer(context.viewer!.id, args.messageId.id, {
        rating: args.rating,
        comment: args.comment,
      });
      return context.prisma.chatMessage.findUniqueOrThrow({ where: { id: rated.messageId } });
    },
  }),
);

builder.mutationField('askBot', (t) =>
  t.field({
    type: AnswerRef,
    description: "The test chat: asks one of the viewer's bots a question (charged like any answer in credit mode).",
    authScopes: { customer: true },
    errors: { types: [ValidationError, NotFoundError, PaymentRequiredError, RateLimitError, ServiceUnavailableError] },
    args: {
      botId: t.arg.globalID({ for: [BotRef], required: true }),
      question: t.arg.string({ required: true }),
      maxTokens: t.arg.int({ required: false }),
    },
    resolve: (_root, args, context) =>
      context.services.chat.testChat(context.viewer!.id, args.botId.id, {
        question: args.question,
        maxTokens: args.maxTokens ?? undefined,
      }),
  }),
);

interface AnswerStreamEvent {
  token: string | null;
  done: boolean;
  reply: ChatReply | null;
}

const AnswerStreamEventRef = builder.objectRef<AnswerStreamEvent>('BotAnswerStreamEvent').implement({
  description: 'One token of a streamed answer, then a last event with done, the whole answer and its sources.',
  authScopes: { authenticated: true },
  fields: (t) => ({
    token: t.exposeString('token', { nullable: true }),
    done: t.exposeBoolean('done'),
    answer: t.string({ nullable: true, resolve: (event) => event.reply?.text ?? null }),
    sources: t.field({ type: [CitationRef], nullable: true, resolve: (event) => event.reply?.sources ?? null }),
    messageId: t.globalID({
      nullable: true,
      description: 'With the last event: the answer as a chat log entry, for rateAnswer.',
      resolve: (event) => (event.reply?.messageId ? { type: 'ChatLog', id: event.reply.messageId } : null),
    }),
  }),
});

builder.subscriptionField('askBotStream', (t) =>
  t.field({
    type: AnswerStreamEventRef,
    description: 'The test chat, streamed token by token.',
    authScopes: { customer: true },
    args: {
      botId: t.arg.globalID({ for: [BotRef], required: true }),
      question: t.arg.string({ required: true }),
      maxTokens: t.arg.int({ required: false }),
    },
    subscribe: (_root, args, context) =>
      streamOf<AnswerStreamEvent>(async (push) => {
        const reply = await context.services.chat.testChat(
          context.viewer!.id,
          args.botId.id,
          { question: args.question, maxTokens: args.maxTokens ?? undefined },
          (token) => push({ token, done: false, reply: null }),
        );
        push({ token: null, done: true, reply });
      }),
    resolve: (event) => event,
  }),
);
