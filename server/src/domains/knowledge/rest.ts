import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireViewer, type RestContext } from '../../rest/http.ts';
import type { Document } from '../../generated/prisma/client.ts';
import type { UploadedFile } from './documents/ingestion.ts';
export { crawlJson } from './crawling/crawlRest.ts';

/** The multipart field that carries the document. */
const FILE_FIELD = 'file';

/**
 * Reads the `file` part of a multipart upload into memory (bounded by the multipart limits, which
 * mark a larger file `truncated`), draining any other part. Null when there is no such file.
 */
export async function readUploadedFile(request: FastifyRequest, field = FILE_FIELD): Promise<UploadedFile | null> {
  if (!request.isMultipart()) return null;
  let upload: UploadedFile | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (part.fieldname === field && upload === null) {
      const data = await part.toBuffer();
      upload = { fileName: part.filename, data, truncated: part.file.truncated };
    } else {
      part.file.resume();
    }
  }
  return upload;
}

export function knowledgeRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { knowledge } = services;

  app.post('/bots/:id/documents', async (request, reply) => {
    const viewer = requireViewer(request);
    const { id } = request.params as { id: string };
    const upload = await readUploadedFile(request);
    const document = await knowledge.uploadDocument(viewer.id, id, upload);
    return reply.status(201).send(documentJson(document));
  });

  app.post('/bots/:id/qa-pairs/import', async (request) => {
    const viewer = requireViewer(request);
    const { id } = request.params as { id: string };
    const { csv } = (request.body ?? {}) as Record<string, unknown>;
    return services.qaPairs.importCsv(viewer.id, id, csv);
  });

  app.get('/bots/:id/qa-pairs/export', async (request, reply) => {
    const viewer = requireViewer(request);
    const { id } = request.params as { id: string };
    const csv = await services.qaPairs.exportCsv(viewer.id, id);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="qa-pairs.csv"').send(csv);
  });

  app.delete('/bots/:id/documents/:documentId', async (request) => {
    const viewer = requireViewer(request);
    const { id, documentId } = request.params as { id: string; documentId: string };
    const document = await knowledge.deleteDocument(viewer.id, id, documentId);
    return { message: 'Document deleted', id: document.id };
  });
}

/** The spec's Document as the REST shim shows it. */
export function documentJson(document: Document) {
  return {
    id: document.id,
    file_name: document.fileName,
    status: document.status,
    created_at: document.createdAt.toISOString(),
    error_message: document.errorMessage,
  };
}
