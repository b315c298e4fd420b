import type { Document } from '../../generated/prisma/client.ts';

/** The pubsub topic of one bot's document status changes. */
export function documentStatusTopic(botId: string): string {
  return `knowledge.documents.${botId}`;
}

/** A Document row as it travels through the pubsub (JSON: dates as ISO strings). */
export type DocumentSnapshot = Omit<Document, 'createdAt' | 'updatedAt' | 'processedAt'> & {
  createdAt: string;
  updatedAt: string;
  processedAt: string | null;
};

/** Published on `documentStatusTopic(botId)` each time a document of the bot changes status. */
export interface DocumentStatusEvent {
  botId: string;
  document: DocumentSnapshot;
}

export function documentStatusEvent(document: Document): DocumentStatusEvent {
  return {
    botId: document.botId,
    document: {
      ...document,
      createdAt: document.createdAt.toISOString(),
      updatedAt: document.updatedAt.toISOString(),
      processedAt: document.processedAt?.toISOString() ?? null,
    },
  };
}

export function documentFromEvent(event: DocumentStatusEvent): Document {
  const { document } = event;
  return {
    ...document,
    createdAt: new Date(document.createdAt),
    updatedAt: new Date(document.updatedAt),
    processedAt: document.processedAt ? new Date(document.processedAt) : null,
  };
}
