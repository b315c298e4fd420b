import { builder } from '../../graphql/builder.ts';
import { UserRef } from '../auth/schema.ts';
import { DATE_RANGES } from './logs.ts';

const self = { authenticated: true } as const;
const ownLogsOnly = (user: { id: string }, _args: unknown, context: { viewer: { id: string } | null }) => context.viewer?.id === user.id;

const ChannelEnum = builder.enumType('Channel', { values: ['widget', 'test', 'demo', 'whatsapp'] as const });
const DateRangeEnum = builder.enumType('ChatLogDateRange', { values: DATE_RANGES });

/** One answered exchange: a bot answer with the question it answers. */
export const ChatLogRef = builder.prismaNode('ChatMessage', {
  name: 'ChatLog',
  id: { field: 'id' },
  // node(id) loads only an answer of one of the viewer's own bots; lists are scoped by their where.
  findUnique: (id, context) => ({ id, role: 'assistant', session: { bot: { ownerId: context.viewer?.id ?? '' } } }),
  authScopes: { authenticated: true },
  fields: (t) => ({
    message: t.string({
      authScopes: self,
      select: { replyTo: { select: { content: true } } },
      resolve: (answer) => answer.replyTo?.content ?? '',
    }),
    response: t.exposeString('content', { authScopes: self }),
    timestamp: t.expose('createdAt', { type: 'DateTime', authScopes: self }),
    unanswered: t.exposeBoolean('unanswered', { authScopes: self }),
    latencyMs: t.exposeInt('latencyMs', { nullable: true, authScopes: self }),
    channel: t.field({
      type: ChannelEnum,
      authScopes: self,
      select: { session: { select: { channel: true } } },
      resolve: (answer) => answer.session.channel,
    }),
    userName: t.string({ nullable: true, authScopes: self, select: { session: { select: { visitorName: true } } }, resolve: (answer) => answer.session.visitorName }),
    userEmail: t.string({ nullable: true, authScopes: self, select: { session: { select: { visitorEmail: true } } }, resolve: (answer) => answer.session.visitorEmail }),
    phoneNumber: t.string({ nullable: true, authScopes: self, select: { session: { select: { phoneNumber: true } } }, resolve: (answer) => answer.session.phoneNumber }),
    bot: t.prismaField({
      type: 'Bot',
      authScopes: self,
      select: (_args, _context, nested) => ({ session: { select: { bot: nested() } } }),
      resolve: (_query, answer) => answer.session.bot,
    }),
  }),
});

builder.prismaObjectField(UserRef, 'chatLogs', (t) =>
  t.prismaConnection({
    type: 'ChatMessage',
    cursor: 'id',
    description: 'Answered exchanges of the viewer\'s bots, newest first.',
    authScopes: ownLogsOnly,
    args: {
      botId: t.arg.id({ required: false }),
      search: t.arg.string({ required: false }),
      dateRange: t.arg({ type: DateRangeEnum, required: false }),
      channel: t.arg({ type: ChannelEnum, required: false }),
    },
    resolve: (query, user, args, context) =>
      context.prisma.chatMessage.findMany({
        ...query,
        where: context.services.chatLogs.where(user.id, {
          bot_id: args.botId ? String(args.botId) : undefined,
          search: args.search ?? undefined,
          date_range: args.dateRange ?? 'all',
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
    description: 'Questions the viewer\'s bots could not answer from their knowledge: what to add next.',
    authScopes: ownLogsOnly,
    resolve: (query, user, _args, context) =>
      context.prisma.chatMessage.findMany({
        ...query,
        where: context.services.chatLogs.where(user.id, { date_range: 'all', unanswered: 'true' }),
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      }),
  }),
);
