import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { BotRef, botIdFrom } from '../bots/schema.ts';
import { documentFromEvent } from './events.ts';
import { DOCUMENT_NOT_FOUND } from './service.ts';

const owner = { authenticated: true } as const;

export const DocumentStatusEnum = builder.enumType('DocumentStatus', {
  values: ['pending', 'processing', 'completed', 'failed'] as const,
});

/**
 * Per operation: which bots the viewer owns, so that a list of documents is authorised without a
 * query per document (the Bot.documents field records its parent; other paths ask once per bot).
 */
const botOwnership = new WeakMap<GraphQLContext, Map<string, Promise<boolean>>>();

function ownershipCache(context: GraphQLContext): Map<string, Promise<boolean>> {
  let cache = botOwnership.get(context);
  if (!cache) {
    cache = new Map();
    botOwnership.set(context, cache);
  }
  return cache;
}

function rememberOwnership(context: GraphQLContext, botId: string, owned: boolean): boolean {
  ownershipCache(context).set(botId, Promise.resolve(owned));
  return owned;
}

function viewerOwnsBot(context: GraphQLContext, botId: string): Promise<boolean> {
  const viewer = context.viewer;
  if (!viewer) return Promise.resolve(false);
  const cache = ownershipCache(context);
  let owned = cache.get(botId);
  if (!owned) {
    owned = context.prisma.bot.count({ where: { id: botId, ownerId: viewer.id } }).then((count) => count > 0);
    cache.set(botId, owned);
  }
  return owned;
}

export const DocumentRef = builder.prismaNode('Document', {
  id: { field: 'id' },
  description: 'A file uploaded to a bot\'s knowledge and its processing status.',
  // Only the owner of the document's bot sees it; to anyone else it does not exist.
  authScopes: (document, context) => viewerOwnsBot(context, document.botId),
  fields: (t) => ({
    fileName: t.exposeString('fileName', { authScopes: owner }),
    status: t.expose('status', { type: DocumentStatusEnum, authScopes: owner }),
    errorMessage: t.exposeString('errorMessage', {
      nullable: true,
      description: 'Why processing failed, in words for the customer.',
      authScopes: owner,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', authScopes: owner }),
    chunkCount: t.exposeInt('chunkCount', { description: 'Searchable passages made from it.', authScopes: owner }),
    sizeBytes: t.exposeInt('sizeBytes', { authScopes: owner }),
  }),
});

builder.prismaObjectField(BotRef, 'documents', (t) =>
  t.relatedConnection('documents', {
    cursor: 'id',
    description: 'The bot\'s documents, newest first.',
    authScopes: (bot, _args, context) => rememberOwnership(context, bot.id, context.viewer !== null && bot.ownerId === context.viewer.id),
    query: () => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    totalCount: true,
  }),
);

/** A passage of a document as the bot reads it, so that its owner can check what was extracted. */
const DocumentPassageRef = builder.prismaObject('Chunk', {
  name: 'DocumentPassage',
  // Reached only through a Document, whose own scope already limits it to the bot's owner.
  authScopes: owner,
  fields: (t) => ({
    ordinal: t.exposeInt('ordinal', { description: 'Position in the document, from 0.', authScopes: owner }),
    content: t.exposeString('content', { authScopes: owner }),
    page: t.exposeInt('page', { nullable: true, description: 'PDF page it comes from.', authScopes: owner }),
    heading: t.exposeString('heading', { nullable: true, authScopes: owner }),
  }),
});

builder.prismaObjectField(DocumentRef, 'passages', (t) =>
  t.relatedConnection('chunks', {
    cursor: 'id',
    type: DocumentPassageRef,
    description: 'The searchable passages made from the document, in reading order.',
    authScopes: owner,
    query: () => ({ orderBy: [{ ordinal: 'asc' }, { id: 'asc' }] }),
    totalCount: true,
  }),
);

function documentIdFrom(globalId: { typename: string; id: string }): string {
  if (globalId.typename !== 'Document') throw new NotFoundError(DOCUMENT_NOT_FOUND, 'DOCUMENT_NOT_FOUND');
  return globalId.id;
}

const DeletedDocumentPayload = builder.objectRef<{ deletedId: string; botId: string }>('DeletedDocumentPayload').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    deletedId: t.globalID({
      description: 'For Relay @deleteEdge / @deleteRecord.',
      authScopes: owner,
      resolve: (payload) => ({ type: 'Document', id: payload.deletedId }),
    }),
    botId: t.globalID({ authScopes: owner, resolve: (payload) => ({ type: 'Bot', id: payload.botId }) }),
  }),
});

builder.mutationField('deleteDocument', (t) =>
  t.field({
    type: DeletedDocumentPayload,
    description: 'Removes a document with its passages, vectors and stored file.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError] },
    args: { id: t.arg.globalID({ required: true }) },
    resolve: async (_root, args, context) => {
      const document = await context.services.knowledge.deleteDocumentById(context.viewer!.id, documentIdFrom(args.id));
      return { deletedId: document.id, botId: document.botId };
    },
  }),
);

builder.subscriptionField('documentStatusChanged', (t) =>
  t.field({
    type: DocumentRef,
    description:
      'Documents of one of your bots as their status changes: first the current state of the bot\'s documents ' +
      '(most recently changed, up to 200), then each change as it happens.',
    authScopes: { customer: true },
    args: { botId: t.arg.globalID({ required: true }) },
    subscribe: async (_root, args, context) => {
      const botId = botIdFrom(args.botId);
      const events = await context.services.knowledge.subscribeToDocumentStatus(context.viewer!.id, botId);
      rememberOwnership(context, botId, true);
      return events;
    },
    resolve: (event) => documentFromEvent(event),
  }),
);
