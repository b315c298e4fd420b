import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.ts';
import type { GoogleService } from '../../../generated/prisma/client.ts';
import { requireViewer, sendRedirect, statusForErrorKind, type RestContext } from '../../../rest/http.ts';
import { escapeHtml } from '../../../platform/html.ts';
import { GoogleSignInError, readGoogleCallback } from '../../auth/public.ts';
import { CONNECT_STATE_TTL_MS, GOOGLE_SERVICES } from './google.ts';
import { googleErrors } from './googleErrors.ts';

/** One cookie per service, so connecting two services at once does not mix their verifiers. */
const connectCookie = (service: GoogleService) => `google_connect_${service}`;
const COOKIE_PATH = '/api/v1/auth/google';

function serviceParam(request: FastifyRequest): GoogleService {
  const { service } = request.params as { service: string };
  if (!(GOOGLE_SERVICES as readonly string[]).includes(service)) throw googleErrors.unknownService();
  return service as GoogleService;
}

/** The spec's Google routes: the popup's connect flow, status, disconnect and the pickers' lists. */
export function googleRoutes(app: FastifyInstance, { services, config }: RestContext): void {
  const { google } = services;
  const openerOrigin = new URL(config.publicUrl).origin;

  /** The page the popup ends on: it tells the opener (same origin only) and closes itself. */
  function popupPage(
    reply: FastifyReply,
    status: number,
    message: { type: 'google-auth-success' | 'google-auth-error'; source: string; detail?: string },
  ) {
    const title = message.type === 'google-auth-success' ? 'Google connected' : 'Google connection failed';
    const text = message.detail ?? 'You can close this window.';
    // JSON inside a script: `<` escaped so no value can close the script element.
    const payload = JSON.stringify(message).replace(/</g, '\\u003c');
    const origin = JSON.stringify(openerOrigin).replace(/</g, '\\u003c');
    // Only this page's own script runs (its nonce), whatever a value might contain.
    const nonce = randomBytes(16).toString('base64');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="font-family:system-ui,sans-serif;padding:2rem;text-align:center"><h1 style="font-size:1.25rem">${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>
<script nonce="${nonce}">if (window.opener) window.opener.postMessage(${payload}, ${origin}); setTimeout(function () { window.close(); }, ${message.type === 'google-auth-success' ? 0 : 4000});</script></body></html>`;
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors 'none'`,
      )
      .header('referrer-policy', 'no-referrer')
      .send(html);
  }

  function failure(request: FastifyRequest, reply: FastifyReply, service: string, error: unknown) {
    if (!(error instanceof AppError)) throw error;
    const status = statusForErrorKind(error.kind);
    if (!(request.headers.accept ?? '').includes('text/html')) return reply.status(status).send({ detail: error.message });
    return popupPage(reply, status, { type: 'google-auth-error', source: service, detail: error.message });
  }

  app.get('/auth/google/status', async (request) => {
    const status = await google.status(requireViewer(request).id);
    return {
      google_sheets_connected: status.sheetsConnected,
      google_drive_connected: status.driveConnected,
      google_calendar_connected: status.calendarConnected,
      google_account: status.account,
    };
  });

  app.post('/auth/google/:service/disconnect', async (request) => {
    const service = serviceParam(request);
    await google.disconnect(requireViewer(request).id, service);
    return { message: 'Disconnected', service };
  });

  // Opened in the popup, which carries no token: the sealed state is what says who connects. Without
  // a state, a signed-in caller (Bearer token) gets the link to open: `{url}`, as authorizeGoogle gives.
  app.get('/auth/google/:service', async (request, reply) => {
    const { service } = request.params as { service: string };
    const rawState = (request.query as { state?: unknown }).state;
    if (rawState === undefined && request.viewer) {
      return { url: await google.connectUrl(request.viewer.id, serviceParam(request)) };
    }
    try {
      const valid = serviceParam(request);
      const state = await google.readState(rawState, valid);
      const start = google.start(rawState as string, state);
      reply.setCookie(connectCookie(valid), JSON.stringify({ nonce: start.nonce, verifier: start.codeVerifier }), {
        path: COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: config.publicUrl.startsWith('https://'),
        signed: true,
        maxAge: CONNECT_STATE_TTL_MS / 1000,
      });
      return sendRedirect(reply, start.authorizationUrl);
    } catch (error) {
      return failure(request, reply, service, error);
    }
  });

  app.get('/auth/google/:service/callback', async (request, reply) => {
    const { service } = request.params as { service: string };
    try {
      const valid = serviceParam(request);
      reply.clearCookie(connectCookie(valid), { path: COOKIE_PATH });
      let callback: { code: string; state: string };
      try {
        callback = readGoogleCallback(request.query);
      } catch (error) {
        if (error instanceof GoogleSignInError && error.code === 'authorization_denied') throw googleErrors.denied();
        throw googleErrors.invalidState();
      }
      const state = await google.readState(callback.state, valid);
      const saved = savedConnect(request, valid);
      if (!saved || saved.nonce !== state.nonce) throw googleErrors.browserMismatch();
      await google.finish(state, callback.code, saved.verifier);
      return popupPage(reply, 200, { type: 'google-auth-success', source: valid });
    } catch (error) {
      return failure(request, reply, service, error);
    }
  });

  app.get('/google/sheets', async (request) => {
    const list = await google.spreadsheets(requireViewer(request).id);
    return {
      connected: list.connected,
      message: list.message,
      spreadsheets: list.spreadsheets.map((spreadsheet) => ({
        spreadsheet_id: spreadsheet.spreadsheetId,
        spreadsheet_name: spreadsheet.spreadsheetName,
        sheets: spreadsheet.sheets.map((sheet) => ({ sheet_title: sheet.sheetTitle })),
      })),
    };
  });

  app.get('/google/calendar/list', async (request) => google.calendars(requireViewer(request).id));
}

function savedConnect(request: FastifyRequest, service: GoogleService): { nonce: string; verifier: string } | null {
  const raw = request.cookies[connectCookie(service)];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = JSON.parse(unsigned.value) as { nonce?: unknown; verifier?: unknown };
    return typeof parsed.nonce === 'string' && typeof parsed.verifier === 'string'
      ? { nonce: parsed.nonce, verifier: parsed.verifier }
      : null;
  } catch {
    return null;
  }
}
