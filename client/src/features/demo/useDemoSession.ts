import { useEffect, useState } from 'react';
import { demoApi, DEMO_STORAGE_KEYS } from './demoApi.ts';

/** Where a live demo got to (from the server, so a reload resumes there): its bot and how much it knows. */
export interface DemoProgress {
  botId: string;
  knowledgeCount: number;
}

export type DemoSession =
  | { status: 'starting' }
  | { status: 'failed' }
  | { status: 'expired' }
  | { status: 'ready'; token: string; expiresAt: string | null; progress: DemoProgress | null };

async function startDemo(): Promise<DemoSession> {
  let token = localStorage.getItem(DEMO_STORAGE_KEYS.sessionToken);
  if (!token) {
    const created = await demoApi.createSession();
    token = created.session_token;
    localStorage.setItem(DEMO_STORAGE_KEYS.sessionToken, token);
    localStorage.setItem(DEMO_STORAGE_KEYS.expiresAt, created.expires_at);
  }
  const check = await demoApi.checkSession(token);
  if (!check.is_valid || check.is_expired) return { status: 'expired' };
  const progress = check.demo_bot ? { botId: check.demo_bot.id, knowledgeCount: check.demo_bot.knowledge_count } : null;
  return { status: 'ready', token, expiresAt: localStorage.getItem(DEMO_STORAGE_KEYS.expiresAt), progress };
}

/** Reuses the stored demo session when still valid, else starts one (spec 000, section 4). */
export function useDemoSession(): DemoSession {
  const [session, setSession] = useState<DemoSession>({ status: 'starting' });
  useEffect(() => {
    let current = true;
    startDemo().then(
      (started) => current && setSession(started),
      () => current && setSession({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, []);
  return session;
}

/** Forgets an expired session so that the next visit starts a new one. */
export function forgetDemoSession() {
  localStorage.removeItem(DEMO_STORAGE_KEYS.sessionToken);
  localStorage.removeItem(DEMO_STORAGE_KEYS.expiresAt);
}
