import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../../rest/http.ts';
import type { RestContext } from '../../rest/routes.ts';
import { crawlJson } from '../knowledge/crawls.ts';
import { documentJson } from '../knowledge/service.ts';
import { readUploadedFile } from '../knowledge/rest.ts';
import { citationJson } from '../chat/rest.ts';
import { templateJson } from './service.ts';

export function demoRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { demo } = services;

  app.post('/demobot/demo-session', async (request, reply) => reply.status(201).send(await demo.createSession(request.ip)));

  app.get('/demobot/check-session', async (request) =>
    demo.checkSession((request.query as { demo_user_session_token?: unknown }).demo_user_session_token),
  );

  app.get('/template/', async () => (await demo.templates()).map(templateJson));

  app.post('/demobot/create-demo-bot', async (request, reply) => {
    const demoBot = await demo.createDemoBot(request.body);
    return reply.status(201).send({
      id: demoBot.botId,
      name: demoBot.bot.name,
      template_prompt_id: demoBot.templatePromptId,
      expires_at: demoBot.expiresAt.toISOString(),
    });
  });

  app.post('/demobots/upload-demo-document', async (request, reply) => {
    const query = request.query as { bot_id?: unknown; demo_user_session_token?: unknown };
    const document = await demo.uploadDocument(query.demo_user_session_token, query.bot_id, await readUploadedFile(request));
    return reply.status(201).send(documentJson(document));
  });

  app.post('/demobots/crawl-demo-website', async (request) => {
    const query = request.query as { bot_id?: unknown; demo_user_session_token?: unknown };
    return crawlJson(await demo.crawlWebsite(query.demo_user_session_token, query.bot_id, request.body));
  });

  app.post('/demobots/chat', async (request) => {
    const reply = await demo.chat(request.body, request.ip);
    return { answer: reply.text, sources: reply.sources.map(citationJson) };
  });

  app.post('/template/', async (request, reply) => {
    requireAdmin(request);
    return reply.status(201).send(templateJson(await demo.createTemplate(request.body)));
  });

  app.put('/template/:id', async (request) => {
    requireAdmin(request);
    return templateJson(await demo.updateTemplate((request.params as { id: string }).id, request.body));
  });
}
