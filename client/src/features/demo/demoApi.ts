import { ApiError, jsonBody, publicRequest } from '../../session/api.ts';

export const DEMO_STORAGE_KEYS = { sessionToken: 'demoSessionToken', expiresAt: 'demoExpiresAt' } as const;

export interface DemoTemplate {
  id: string;
  title: string;
  description: string;
  use_case: string;
  tag: string | null;
  features: string[] | null;
}

const rethrow = (message: string) => (error: unknown) => {
  throw error instanceof ApiError && error.status === 0 ? error : new Error(message);
};

/** A page read into a demo bot (the /crawl fields the demo shows). */
export interface DemoCrawl {
  url: string;
  status: 'pending' | 'running' | 'completed' | 'failed';
  items_count: number;
  error_message?: string | null;
}

/** A source a demo answer cites (the REST shim's snake_case). */
export interface DemoSource {
  index: number;
  title: string;
  url: string | null;
  page: number | null;
  snippet: string;
}

export const demoApi = {
  createSession: () =>
    publicRequest<{ session_token: string; expires_at: string }>(
      '/demobot/demo-session',
      { method: 'POST' },
      'Failed to create demo session',
    ).catch(rethrow('Failed to create demo session')),
  checkSession: (token: string) =>
    publicRequest<{ is_valid: boolean; is_expired: boolean; demo_bot?: { id: string; knowledge_count: number } | null }>(
      `/demobot/check-session?demo_user_session_token=${encodeURIComponent(token)}`,
      {},
      'Failed to check demo session status',
    ),
  templates: () => publicRequest<DemoTemplate[]>('/template/', {}, 'Failed to fetch bot templates').catch(() => [] as DemoTemplate[]),
  createDemoBot: (templateId: string, token: string) =>
    publicRequest<{ id: string }>(
      '/demobot/create-demo-bot',
      jsonBody({ template_prompt_id: templateId, demo_user_session_token: token }),
      'Failed to create demo bot',
    ),
  uploadDocument(botId: string, token: string, file: File) {
    const form = new FormData();
    form.append('file', file);
    const query = new URLSearchParams({ bot_id: botId, demo_user_session_token: token });
    return publicRequest(`/demobots/upload-demo-document?${query}`, { method: 'POST', body: form }, 'Failed to upload demo document');
  },
  crawlWebsite(botId: string, token: string, url: string) {
    const query = new URLSearchParams({ bot_id: botId, demo_user_session_token: token });
    return publicRequest<DemoCrawl>(`/demobots/crawl-demo-website?${query}`, jsonBody({ url }), 'Failed to crawl website');
  },
  chat: (botId: string, token: string, query: string) =>
    publicRequest<{ answer: string; sources?: DemoSource[] }>(
      '/demobots/chat',
      jsonBody({ bot_id: botId, demo_user_session_token: token, query }),
      'Failed to chat with demo bot',
    ),
};
