import { NotFoundError } from '../../errors.ts';
import { builder } from '../../graphql/builder.ts';
import { CRAWL_SCHEDULES } from '../billing/public.ts';
import { BotRef } from '../bots/schema.ts';
import { documentFromEvent } from './events.ts';
import { ownedDocumentWhere } from './service.ts';

export const CrawlScheduleEnum = builder.enumType('CrawlSchedule', {
  description: 'How often a website is crawled, or a data tool synced, again on its own: never (OFF), every day or every week.',
  values: CRAWL_SCHEDULES,
});

export const DocumentStatusEnum = builder.enumType('DocumentStatus', {
  values: ['pending', 'processing', 'completed', 'failed'] as const,
});

export const DocumentRef = builder.prismaNode('Document', {
  id: { field: 'id' },
  description: "A file uploaded to a bot's knowledge and its processing status.",
  // Only the owner of the document's bot finds it (the service's owner filter); to anyone else it does not exist.
  findUnique: (id, context) => ownedDocumentWhere(context.viewer?.id ?? null, id),
  nullable: true,
  authScopes: { authenticated: true },
  fields: (t) => ({
    fileName: t.exposeString('fileName'),
    status: t.expose('status', { type: DocumentStatusEnum }),
    errorMessage: t.exposeString('errorMessage', {
      nullable: true,
      description:
        'Why processing failed, in words for the customer; on a document still processing, the temporary problem it met and when it is tried again.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    chunkCount: t.exposeInt('chunkCount', {
      description: 'Searchable passages made from it: written so far while processing, all of them once completed.',
    }),
    chunksExpected: t.exposeInt('chunksExpected', {
      nullable: true,
      description: 'Passages it splits into, known once it has been read: progress is chunkCount of chunksExpected.',
    }),
    sizeBytes: t.exposeInt('sizeBytes'),
  }),
});

builder.prismaObjectField(BotRef, 'documents', (t) =>
  t.relatedConnection('documents', {
    cursor: 'id',
    description: "The bot's documents, newest first.",
    query: () => ({ orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] }),
    totalCount: true,
  }),
);

/** A passage of a document as the bot reads it, so that its owner can check what was extracted. */
const DocumentPassageRef = builder.prismaObject('Chunk', {
  name: 'DocumentPassage',
  // Reached only through a Document, which only its bot's owner finds.
  authScopes: { authenticated: true },
  fields: (t) => ({
    ordinal: t.exposeInt('ordinal', { description: 'Position in the document, from 0.' }),
    content: t.exposeString('content'),
    page: t.exposeInt('page', { nullable: true, description: 'PDF page it comes from.' }),
    heading: t.exposeString('heading', { nullable: true }),
  }),
});

builder.prismaObjectField(DocumentRef, 'passages', (t) =>
  t.relatedConnection('chunks', {
    cursor: 'id',
    type: DocumentPassageRef,
    description: 'The searchable passages made from the document, in reading order.',
    query: () => ({ orderBy: [{ ordinal: 'asc' }, { id: 'asc' }] }),
    totalCount: true,
  }),
);

const DeletedDocumentPayload = builder.objectRef<{ deletedId: string; botId: string }>('DeletedDocumentPayload').implement({
  authScopes: { authenticated: true },
  fields: (t) => ({
    deletedId: t.globalID({
      description: 'For Relay @deleteEdge / @deleteRecord.',
      resolve: (payload) => ({ type: 'Document', id: payload.deletedId }),
    }),
    botId: t.globalID({ resolve: (payload) => ({ type: 'Bot', id: payload.botId }) }),
  }),
});

builder.mutationField('deleteDocument', (t) =>
  t.field({
    type: DeletedDocumentPayload,
    description: 'Removes a document with its passages, vectors and stored file.',
    authScopes: { customer: true },
    errors: { types: [NotFoundError] },
    args: { id: t.arg.globalID({ for: [DocumentRef], required: true }) },
    resolve: async (_root, args, context) => {
      const document = await context.services.knowledge.deleteDocumentById(context.viewer!.id, args.id.id);
      return { deletedId: document.id, botId: document.botId };
    },
  }),
);

builder.subscriptionField('documentStatusChanged', (t) =>
  t.field({
    type: DocumentRef,
    description:
      "Documents of one of your bots as their status changes: first the current state of the bot's documents " +
      '(most recently changed, up to 200), then each change as it happens.',
    authScopes: { customer: true },
    args: { botId: t.arg.globalID({ for: [BotRef], required: true }) },
    subscribe: async (_root, args, context) => {
      const botId = args.botId.id;
      const events = await context.services.knowledge.subscribeToDocumentStatus(context.viewer!.id, botId);
      return events;
    },
    resolve: (event) => documentFromEvent(event),
  }),
);
