import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bot } from '../../generated/prisma/client.ts';
import { BlobNotFoundError, type BlobStore } from '../../platform/blob/index.ts';
import { requireViewer, type RestContext } from '../../rest/http.ts';
import { documentJson } from '../knowledge/rest.ts';
import { botsErrors } from './errors.ts';
import { CONTENT_TYPE_BY_EXTENSION, publicImageKey, type BotImageKind, type UploadedImage } from './images.ts';
import type { BotSummary } from './service.ts';

/** The spec's Bot as the client reads it (camelCase), plus the list fields when known. */
function botJson(bot: Bot, summary?: Omit<BotSummary, 'bot'>) {
  return {
    id: bot.id,
    name: bot.name,
    botName: bot.name,
    displayName: bot.displayName,
    botDescription: bot.botDescription,
    useCase: bot.useCase,
    description: bot.description,
    generatedPrompt: bot.generatedPrompt,
    botPrompt: bot.botPrompt,
    tone: bot.tone,
    customToneDescription: bot.customToneDescription,
    responseStyle: bot.responseStyle,
    languageCode: bot.languageCode,
    chatPosition: bot.chatPosition,
    themeColor: bot.themeColor,
    iconUrl: bot.iconUrl,
    logoUrl: bot.logoUrl,
    isActive: bot.isActive,
    creativity: bot.creativity,
    maxTokens: bot.maxTokens,
    streaming: bot.streaming,
    enableMemory: bot.enableMemory,
    followUpBehavior: bot.followUpBehavior,
    widgetToken: bot.widgetToken,
    deployedAt: bot.deployedAt?.toISOString() ?? null,
    createdAt: bot.createdAt.toISOString(),
    lastUpdated: bot.updatedAt.toISOString(),
    ...(summary ? { status: summary.status, conversations: summary.conversationsToday, owner: summary.ownerName } : {}),
  };
}

const IMAGE_FIELDS = new Set<string>(['icon', 'logo']);

/** Reads the spec's multipart save form (`data` JSON plus optional `icon` and `logo`), or a plain JSON body. */
async function readBotForm(request: FastifyRequest): Promise<{ data: unknown; images: UploadedImage[] }> {
  if (!request.isMultipart()) return { data: request.body ?? {}, images: [] };
  let data: unknown = {};
  const images: UploadedImage[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const buffer = await part.toBuffer();
      if (IMAGE_FIELDS.has(part.fieldname) && (buffer.length > 0 || part.filename)) {
        images.push({ kind: part.fieldname as BotImageKind, data: buffer, truncated: part.file.truncated });
      }
    } else if (part.fieldname === 'data') {
      try {
        data = JSON.parse(String(part.value));
      } catch {
        throw botsErrors.invalidDataJson();
      }
    }
  }
  return { data, images };
}

export function botRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { bots } = services;
  const params = (request: FastifyRequest) => request.params as { id: string };

  app.get('/bots', async (request) => {
    const viewer = requireViewer(request);
    const summaries = await bots.list(viewer.id, request.query);
    return summaries.map(({ bot, ...summary }) => botJson(bot, summary));
  });

  app.get('/bots/:id', async (request) => {
    const viewer = requireViewer(request);
    const { bot, ...summary } = await bots.summary(viewer.id, params(request).id);
    return { ...botJson(bot, summary), documents: (await services.knowledge.documentsOf(bot.id)).map(documentJson) };
  });

  app.post('/bots/save', async (request, reply) => {
    const viewer = requireViewer(request);
    const form = await readBotForm(request);
    const bot = await bots.create(viewer.id, form.data, form.images);
    const { bot: saved, ...summary } = await bots.summary(viewer.id, bot.id);
    return reply.status(201).send(botJson(saved, summary));
  });

  app.patch('/bots/:id', async (request) => {
    const viewer = requireViewer(request);
    const form = await readBotForm(request);
    const bot = await bots.update(viewer.id, params(request).id, form.data, form.images);
    const { bot: saved, ...summary } = await bots.summary(viewer.id, bot.id);
    return botJson(saved, summary);
  });

  app.delete('/bots/:id', async (request) => {
    const viewer = requireViewer(request);
    const bot = await bots.delete(viewer.id, params(request).id);
    return { message: 'Bot deleted', id: bot.id };
  });

  app.post('/bots/:id/duplicate', async (request, reply) => {
    const viewer = requireViewer(request);
    const copy = await bots.duplicate(viewer.id, params(request).id);
    const { bot, ...summary } = await bots.summary(viewer.id, copy.id);
    return reply.status(201).send(botJson(bot, summary));
  });

  app.post('/deploybot/:id/deploy', async (request) => {
    const viewer = requireViewer(request);
    const { embedCode, embedCodeReact } = await bots.deploy(viewer.id, params(request).id);
    return { embed_code: embedCode, embed_code_react: embedCodeReact };
  });

  app.post('/prompt/generate', async (request) => {
    requireViewer(request);
    const body = (request.body ?? {}) as { use_case_type?: unknown; detailed_description?: unknown };
    const generated = await bots.generatePrompt({ useCase: body.use_case_type, description: body.detailed_description });
    return { prompt: generated.prompt, tone: generated.tone, response_style: generated.responseStyle };
  });
}

/** Bot icons and logos, public so that the widget on any site can show them. */
export function staticImageRoutes(app: FastifyInstance, blobs: BlobStore) {
  app.get('/static/*', async (request, reply) => {
    const key = publicImageKey((request.params as { '*': string })['*']);
    if (!key) return reply.status(404).send({ detail: 'Not Found' });
    try {
      const stream = await blobs.stream(key);
      const extension = key.slice(key.lastIndexOf('.') + 1);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'cross-origin')
        .type(CONTENT_TYPE_BY_EXTENSION[extension] ?? 'application/octet-stream')
        .send(stream);
    } catch (error) {
      if (error instanceof BlobNotFoundError) return reply.status(404).send({ detail: 'Not Found' });
      throw error;
    }
  });
}
