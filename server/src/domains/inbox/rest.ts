import type { FastifyInstance } from 'fastify';
import type { ChatMessage, ChatSession } from '../../generated/prisma/client.ts';
import { pageFromQuery } from '../../platform/paging.ts';
import { requireViewer, type RestContext } from '../../rest/http.ts';
import type { Citation } from '../chat/public.ts';
import { citationJson } from '../chat/rest.ts';
import type { ConversationFilter } from './service.ts';

type ListedConversation = ChatSession & { bot: { name: string }; unreadCount: number };

/** A conversation as the REST API shows it to integrators (the GraphQL `Conversation`, in snake_case). */
function conversationJson(conversation: ListedConversation) {
  return {
    id: conversation.id,
    bot_id: conversation.botId,
    bot_name: conversation.bot.name,
    channel: conversation.channel,
    status: conversation.status,
    status_changed_at: conversation.statusChangedAt?.toISOString() ?? null,
    visitor_name: conversation.visitorName,
    visitor_email: conversation.visitorEmail,
    phone_number: conversation.phoneNumber,
    page_url: conversation.pageUrl,
    reply_email: conversation.replyEmail,
    unread_count: conversation.unreadCount,
    created_at: conversation.createdAt.toISOString(),
    last_message_at: conversation.lastMessageAt.toISOString(),
  };
}

/** A message of a transcript: who wrote it (`user`, `assistant` or `agent`, a person's), and an answer's sources. */
function messageJson(message: ChatMessage & { author?: { fullName: string } | null }) {
  return {
    id: message.id,
    role: message.role,
    text: message.content,
    author_name: message.author?.fullName ?? null,
    sources: Array.isArray(message.sources) ? (message.sources as unknown as Citation[]).map(citationJson) : [],
    created_at: message.createdAt.toISOString(),
  };
}

/** The inbox for integrators: the same conversations and actions as GraphQL's, under /api/v1/conversations. */
export function inboxRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { inbox } = services;
  const idOf = (request: { params: unknown }) => (request.params as { id: string }).id;

  app.get('/conversations', async (request) => {
    const viewer = requireViewer(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const filter = { botId: query.bot_id, channel: query.channel, status: query.status, search: query.search } as ConversationFilter;
    const page = await inbox.page(viewer.id, filter, pageFromQuery(query));
    return { conversations: page.conversations.map(conversationJson), total: page.total, page: page.page, page_size: page.pageSize };
  });

  app.get('/conversations/:id', async (request) => {
    const viewer = requireViewer(request);
    const { conversation, messages } = await inbox.transcript(viewer.id, idOf(request));
    return { ...conversationJson(conversation), messages: messages.map(messageJson) };
  });

  const actions = {
    'take-over': inbox.takeOver,
    release: inbox.release,
    close: inbox.close,
    read: inbox.markRead,
  } as const;
  for (const [path, act] of Object.entries(actions)) {
    app.post(`/conversations/:id/${path}`, async (request) => {
      const viewer = requireViewer(request);
      const changed = await act.call(inbox, viewer.id, idOf(request));
      return conversationJson(await inbox.conversation(viewer.id, changed.id));
    });
  }

  app.post('/conversations/:id/reply', async (request) => {
    const viewer = requireViewer(request);
    const { text } = (request.body ?? {}) as Record<string, unknown>;
    const { message } = await inbox.reply(viewer.id, idOf(request), text);
    return { message: messageJson(message), conversation: conversationJson(await inbox.conversation(viewer.id, message.sessionId)) };
  });
}
