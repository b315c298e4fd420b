import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from '../../../test/accounts.ts';
import { api, startTestServer, type TestServer } from '../../../test/harness.ts';
import { documentBlobKey } from '../knowledge/documents/ingestion.ts';
import { CHAT_MESSAGES } from '../chat/errors.ts';
import { DEMO_SESSION_EXPIRED } from './errors.ts';
import { DEMO_CHAT_CAP_REACHED, DEMO_CHAT_RATE_LIMITS, DEMO_SESSIONS_PER_IP } from './service.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function demoSession() {
  const created = await api(server, 'POST', '/demobot/demo-session');
  expect(created.status).toBe(201);
  return created.body as { session_token: string; expires_at: string };
}

describe('demo sessions', () => {
  it('creates a one-hour session that checks as valid, then as expired once the hour is over', async () => {
    const session = await demoSession();
    expect(new Date(session.expires_at).getTime() - server.clock.now().getTime()).toBe(3600 * 1000);
    const check = () => api(server, 'GET', `/demobot/check-session?demo_user_session_token=${session.session_token}`);
    expect((await check()).body).toEqual({ is_valid: true, is_expired: false, expires_at: session.expires_at, demo_bot: null });
    server.clock.advance(3600 * 1000);
    try {
      expect((await check()).body).toEqual({ is_valid: false, is_expired: true, expires_at: session.expires_at, demo_bot: null });
    } finally {
      server.clock.advance(-3600 * 1000);
    }
  });

  it('reports an unknown token as invalid and a missing one as a 400', async () => {
    const unknown = await api(server, 'GET', '/demobot/check-session?demo_user_session_token=demo_nope');
    expect(unknown.body).toEqual({ is_valid: false, is_expired: false, expires_at: null, demo_bot: null });
    const missing = await api(server, 'GET', '/demobot/check-session');
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toMatch(/demo_user_session_token is required/);
  });

  it('rate limits session creation per IP address with 429', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.90' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= DEMO_SESSIONS_PER_IP.limit; attempt++) {
      statuses.push((await api(server, 'POST', '/demobot/demo-session', { headers })).status);
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('demo templates and bots', () => {
  it('lists at most three templates with the spec fields', async () => {
    const templates = await api(server, 'GET', '/template/');
    expect(templates.status).toBe(200);
    expect(templates.body).toHaveLength(3);
    expect(templates.body.map((template: { tag: string }) => template.tag).sort()).toEqual(['faq', 'lead', 'support']);
    expect(templates.body[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        title: expect.any(String),
        description: expect.any(String),
        use_case: expect.any(String),
      }),
    );
  });

  it('creates a demo bot from a template within a live session, never after it expired', async () => {
    const session = await demoSession();
    const [template] = (await api(server, 'GET', '/template/')).body;
    const created = await api(server, 'POST', '/demobot/create-demo-bot', {
      body: { template_prompt_id: template.id, demo_user_session_token: session.session_token },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: template.title, template_prompt_id: template.id, expires_at: session.expires_at });
    const bot = await server.platform.prisma.bot.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(bot).toMatchObject({ ownerId: null, generatedPrompt: template.prompt_text });
    // A reload resumes the demo where it was: the session knows its bot (and that it knows nothing yet).
    const resumed = await api(server, 'GET', `/demobot/check-session?demo_user_session_token=${session.session_token}`);
    expect(resumed.body.demo_bot).toEqual({ id: created.body.id, knowledge_count: 0 });

    server.clock.advance(3600 * 1000 + 1);
    try {
      const late = await api(server, 'POST', '/demobot/create-demo-bot', {
        body: { template_prompt_id: template.id, demo_user_session_token: session.session_token },
      });
      expect(late.status).toBe(401);
      expect(late.body.detail).toBe(DEMO_SESSION_EXPIRED);
    } finally {
      server.clock.advance(-(3600 * 1000 + 1));
    }
  });

  it('shows a French visitor the templates in French and makes their demo bot speak French', async () => {
    const french = { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' };
    const english = (await api(server, 'GET', '/template/')).body;
    const translated = (await api(server, 'GET', '/template/', { headers: french })).body;
    const lead = translated.find((template: { tag: string }) => template.tag === 'lead');
    expect(lead).toMatchObject({
      title: 'Assistant de génération de prospects',
      description: 'Qualifie les visiteurs, répond aux questions sur les produits et recueille leurs coordonnées.',
      features: ['Qualifie les visiteurs', 'Recueille les coordonnées', 'Répond sur les produits'],
      language_code: 'fr',
    });
    expect(lead.prompt_text).toMatch(/^Vous êtes un assistant commercial/);
    expect(english.find((template: { id: string }) => template.id === lead.id)).toMatchObject({
      title: 'Lead generation assistant',
      language_code: 'en',
    });

    const session = await demoSession();
    const created = await api(server, 'POST', '/demobot/create-demo-bot', {
      headers: french,
      body: { template_prompt_id: lead.id, demo_user_session_token: session.session_token },
    });
    expect(created.status).toBe(201);
    expect(created.body.name).toBe('Assistant de génération de prospects');
    const bot = await server.platform.prisma.bot.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(bot).toMatchObject({ languageCode: 'fr', generatedPrompt: lead.prompt_text });

    const admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
    const asAdmin = (await api(server, 'GET', '/template/', { token: admin.accessToken, headers: french })).body;
    expect(asAdmin.find((template: { id: string }) => template.id === lead.id).title).toBe('Lead generation assistant');
  });

  it('refuses an unknown template with 404 and a bad body with 400', async () => {
    const session = await demoSession();
    const unknown = await api(server, 'POST', '/demobot/create-demo-bot', {
      body: { template_prompt_id: 'nope', demo_user_session_token: session.session_token },
    });
    expect(unknown.status).toBe(404);
    const missing = await api(server, 'POST', '/demobot/create-demo-bot', { body: {} });
    expect(missing.status).toBe(400);
  });

  it("never shows demo bots in a customer's bot list", async () => {
    const customer = await logIn(server, 'customer@example.com', 'customer-demo-2026');
    const bots = await api(server, 'GET', '/bots', { token: customer.accessToken });
    expect(bots.body.every((bot: { owner: string }) => bot.owner !== '')).toBe(true);
  });
});

describe('demo chat limits', () => {
  async function demoBot(session: { session_token: string }) {
    const [template] = (await api(server, 'GET', '/template/')).body;
    const created = await api(server, 'POST', '/demobot/create-demo-bot', {
      body: { template_prompt_id: template.id, demo_user_session_token: session.session_token },
    });
    expect(created.status).toBe(201);
    return created.body as { id: string };
  }

  const ask = (session: { session_token: string }, bot: { id: string }, headers?: Record<string, string>) =>
    api(server, 'POST', '/demobots/chat', {
      body: { bot_id: bot.id, demo_user_session_token: session.session_token, query: 'What can you do?' },
      headers,
    });

  it('answers a flood from one session with 429 and Retry-After once past the per-minute rule', async () => {
    const session = await demoSession();
    const bot = await demoBot(session);
    const responses = [];
    for (let wave = 0; wave < 10; wave++) {
      responses.push(...(await Promise.all(Array.from({ length: 20 }, () => ask(session, bot)))));
    }
    const answered = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    // The limiter's contract: exactly the per-minute rule's worth of requests gets through, and is
    // answered (the first questions of one session open its conversation once), the rest is refused.
    expect(answered).toHaveLength(DEMO_CHAT_RATE_LIMITS.perSession.limit);
    expect(refused).toHaveLength(200 - DEMO_CHAT_RATE_LIMITS.perSession.limit);
    const [firstRefused] = refused;
    const retryAfter = Number(firstRefused?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(firstRefused?.body.detail).toBe(CHAT_MESSAGES.tooManyMessages(retryAfter));
    expect(await server.platform.prisma.chatMessage.count({ where: { role: 'user', session: { botId: bot.id } } })).toBe(
      DEMO_CHAT_RATE_LIMITS.perSession.limit,
    );
  });

  it('caps the messages one demo session gets in its hour', async () => {
    const session = await demoSession();
    const bot = await demoBot(session);
    const { perSession, perSessionHour } = DEMO_CHAT_RATE_LIMITS;
    let last;
    try {
      for (let sent = 0; sent < perSessionHour.limit; sent++) {
        if (sent > 0 && sent % perSession.limit === 0) server.clock.advance(perSession.windowMs);
        last = await ask(session, bot);
        expect(last.status, `message ${sent + 1}`).toBe(200);
      }
      server.clock.advance(perSession.windowMs);
      last = await ask(session, bot);
      expect(last.status).toBe(429);
      expect(last.body.detail).toBe(DEMO_CHAT_CAP_REACHED);
    } finally {
      server.clock.advance(-perSession.windowMs * (perSessionHour.limit / perSession.limit));
    }
  });

  it('limits one address across many demo sessions', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.77' };
    const statuses: number[] = [];
    while (statuses.length <= DEMO_CHAT_RATE_LIMITS.perIp.limit) {
      const session = await demoSession();
      const bot = await demoBot(session);
      for (let sent = 0; sent < 5; sent++) statuses.push((await ask(session, bot, headers)).status);
    }
    expect(statuses.slice(0, DEMO_CHAT_RATE_LIMITS.perIp.limit).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(DEMO_CHAT_RATE_LIMITS.perIp.limit).every((status) => status === 429)).toBe(true);
  });
});

describe('template administration', () => {
  it('lets the admin edit templates, caps them at three, and refuses customers', async () => {
    const admin = await logIn(server, 'admin@example.com', 'admin-demo-2026');
    const customer = await signUp(server);
    const [template] = (await api(server, 'GET', '/template/')).body;

    const edited = await api(server, 'PUT', `/template/${template.id}`, { token: admin.accessToken, body: { title: 'Helpdesk' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      id: template.id,
      title: 'Helpdesk',
      use_case: template.use_case,
      prompt_text: template.prompt_text,
    });
    // The French title told the old one: it goes; the untouched fields keep their translations.
    const inFrench = (await api(server, 'GET', '/template/', { headers: { 'accept-language': 'fr' } })).body;
    expect(inFrench.find((candidate: { id: string }) => candidate.id === template.id)).toMatchObject({
      title: 'Helpdesk',
      description: 'Répond aux questions des clients à partir de vos articles d’aide et de vos politiques, avec politesse et précision.',
    });

    const fourth = await api(server, 'POST', '/template/', {
      token: admin.accessToken,
      body: { title: 'Fourth', prompt_text: 'You help.' },
    });
    expect(fourth.status).toBe(409);
    expect(fourth.body.detail).toBe('Maximum of 3 prompts allowed.');

    const invalid = await api(server, 'PUT', `/template/${template.id}`, { token: admin.accessToken, body: { title: '' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.detail).toBe('Title is required');

    const refused = await api(server, 'PUT', `/template/${template.id}`, { token: customer.accessToken, body: { title: 'Mine' } });
    expect(refused.status).toBe(403);
    expect((await api(server, 'POST', '/template/', { body: { title: 'x', prompt_text: 'y' } })).status).toBe(401);
  });
});

describe('the demo from knowledge to answer, and its purge', () => {
  it('uploads demo documents within the spec rules, answers from them, and purges everything after the hour', async () => {
    const session = await demoSession();
    const [template] = (await api(server, 'GET', '/template/')).body;
    const bot = (
      await api(server, 'POST', '/demobot/create-demo-bot', {
        body: { template_prompt_id: template.id, demo_user_session_token: session.session_token },
      })
    ).body;
    const upload = async (fileName: string, content: Buffer | string, token = session.session_token) => {
      const form = new FormData();
      form.append('file', new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), fileName);
      const response = await fetch(`${server.url}/api/v1/demobots/upload-demo-document?bot_id=${bot.id}&demo_user_session_token=${token}`, {
        method: 'POST',
        body: form,
      });
      return { status: response.status, body: (await response.json()) as any };
    };

    const accepted = await upload('faq.md', '# Opening hours\n\nThe Annecy workshop opens at 8 am on weekdays.');
    expect(accepted.status).toBe(201);
    const check = await api(server, 'GET', `/demobot/check-session?demo_user_session_token=${session.session_token}`);
    expect(check.body.demo_bot).toEqual({ id: bot.id, knowledge_count: 1 });
    for (const [fileName, content] of [
      ['notes.docx', Buffer.from('PK\u0003\u0004 not really a docx')],
      ['big.txt', 'x'.repeat(2 * 1024 * 1024 + 1)],
      ['empty.txt', ''],
    ] as const) {
      const rejected = await upload(fileName, content);
      expect(rejected.status, fileName).toBeGreaterThanOrEqual(400);
      expect(rejected.body.detail).toBe('Only PDF, TXT, or Markdown files up to 2MB are allowed.');
    }
    const stranger = await demoSession();
    expect((await upload('faq.md', 'hello', stranger.session_token)).status).toBe(404);

    for (let attempt = 0; attempt < 600; attempt++) {
      const document = await server.platform.prisma.document.findUniqueOrThrow({ where: { id: accepted.body.id } });
      if (document.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const chat = await api(server, 'POST', '/demobots/chat', {
      body: { bot_id: bot.id, demo_user_session_token: session.session_token, query: 'When does the workshop open?' },
    });
    expect(chat.status).toBe(200);
    expect(chat.body.answer).toContain('opens at 8 am on weekdays');

    server.clock.advance(3600 * 1000 + 1);
    try {
      const expired = await api(server, 'POST', '/demobots/chat', {
        body: { bot_id: bot.id, demo_user_session_token: session.session_token, query: 'When does the workshop open?' },
      });
      expect(expired.status).toBe(401);
      const storedFile = documentBlobKey(bot.id, accepted.body.id);
      expect(await server.platform.blobs.exists(storedFile)).toBe(true);
      expect(await server.services.demo.purgeExpired()).toBeGreaterThanOrEqual(1);
      expect(await server.platform.prisma.bot.findUnique({ where: { id: bot.id } })).toBeNull();
      expect(await server.platform.prisma.chunk.count({ where: { botId: bot.id } })).toBe(0);
      expect(await server.platform.blobs.exists(storedFile)).toBe(false);
    } finally {
      server.clock.advance(-(3600 * 1000 + 1));
    }
  });
});
