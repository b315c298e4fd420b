import type { FastifyInstance } from 'fastify';
import type { TemplatePrompt } from '../../generated/prisma/client.ts';
import { requestLanguage, type RestContext } from '../../rest/http.ts';
import { isAdmin } from '../auth/public.ts';
import { citationJson } from '../chat/rest.ts';
import { crawlJson, documentJson, readUploadedFile } from '../knowledge/rest.ts';

export function demoRoutes(app: FastifyInstance, { services }: RestContext): void {
  const { demo } = services;

  app.post('/demobot/demo-session', async (request, reply) => {
    const session = await demo.createSession(request.ip);
    return reply.status(201).send({ session_token: session.sessionToken, expires_at: session.expiresAt.toISOString() });
  });

  app.get('/demobot/check-session', async (request) => {
    const status = await demo.checkSession((request.query as { demo_user_session_token?: unknown }).demo_user_session_token);
    return {
      is_valid: status.isValid,
      is_expired: status.isExpired,
      expires_at: status.expiresAt?.toISOString() ?? null,
      demo_bot: status.demoBot ? { id: status.demoBot.id, knowledge_count: status.demoBot.knowledgeCount } : null,
    };
  });

  // Visitors read the templates in their language; the admin edits them as written.
  app.get('/template/', async (request) =>
    (await demo.templates(isAdmin(request.viewer) ? undefined : requestLanguage(request))).map(templateJson),
  );

  app.post('/demobot/create-demo-bot', async (request, reply) => {
    const body = (request.body ?? {}) as { template_prompt_id?: unknown; demo_user_session_token?: unknown };
    const demoBot = await demo.createDemoBot(
      { templatePromptId: body.template_prompt_id, sessionToken: body.demo_user_session_token },
      requestLanguage(request),
    );
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
    const body = (request.body ?? {}) as { bot_id?: unknown; demo_user_session_token?: unknown; query?: unknown };
    const reply = await demo.chat({ botId: body.bot_id, sessionToken: body.demo_user_session_token, question: body.query }, request.ip);
    return { answer: reply.text, sources: reply.sources.map(citationJson) };
  });

  app.post('/template/', async (request, reply) =>
    reply.status(201).send(templateJson(await demo.createTemplate(request.viewer, templateInputFromBody(request.body)))),
  );

  app.put('/template/:id', async (request) =>
    templateJson(await demo.updateTemplate(request.viewer, (request.params as { id: string }).id, templateInputFromBody(request.body))),
  );

  app.delete('/template/:id', async (request) => {
    await demo.deleteTemplate(request.viewer, (request.params as { id: string }).id);
    return { message: 'Template deleted' };
  });
}

/** The spec's template body as the service's input; fields left out stay out (an update changes only what it names). */
function templateInputFromBody(body: unknown) {
  const { use_case, title, description, language_code, prompt_text } = (body ?? {}) as Record<string, unknown>;
  return { useCase: use_case, title, description, languageCode: language_code, promptText: prompt_text };
}

function templateJson(template: TemplatePrompt) {
  return {
    id: template.id,
    use_case: template.useCase,
    title: template.title,
    description: template.description,
    language_code: template.languageCode,
    prompt_text: template.promptText,
    tag: template.tag,
    features: template.features,
  };
}
