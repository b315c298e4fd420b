// A customer's Google connections (Sheets, Calendar, Drive): OAuth 2 with PKCE per service, tokens
// encrypted at rest and refreshed when expired, and the lists the editor's pickers show.
import { createHash, randomBytes } from 'node:crypto';
import { calendar_v3, calendar as calendarApi } from '@googleapis/calendar';
import { drive as driveApi } from '@googleapis/drive';
import { sheets as sheetsApi, type sheets_v4 } from '@googleapis/sheets';
import { OAuth2Client } from 'google-auth-library';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { GoogleIntegration, GoogleService, PrismaClient } from '../../generated/prisma/client.ts';
import type { Clock } from '../../platform/clock/index.ts';
import { SecretBoxError, type SecretBox } from '../../platform/crypto/index.ts';
import type { EventRecorder } from '../events/service.ts';
import { googleErrors } from './googleErrors.ts';

export const GOOGLE_SERVICES = ['sheets', 'calendar', 'drive'] as const satisfies readonly GoogleService[];

const IDENTITY_SCOPES = ['openid', 'email', 'profile'];
/** What each connection may do: Sheets also lists the account's spreadsheets (Drive metadata, read only). */
const SERVICE_SCOPES: Record<GoogleService, string[]> = {
  sheets: ['https://www.googleapis.com/auth/spreadsheets', 'https://www.googleapis.com/auth/drive.metadata.readonly'],
  calendar: ['https://www.googleapis.com/auth/calendar.readonly'],
  drive: ['https://www.googleapis.com/auth/drive.readonly'],
};
const SERVICE_LABELS: Record<GoogleService, string> = { sheets: 'Google Sheets', calendar: 'Google Calendar', drive: 'Google Drive' };

/** Long enough to sign in to Google, short enough that a leaked link is soon useless. */
export const CONNECT_STATE_TTL_MS = 10 * 60_000;
const MAX_SPREADSHEETS = 50;

export interface GoogleIntegrationsConfig {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  authorizationUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  /** GOOGLE_API_ROOT_URL: one root for all three APIs (tests, proxies); Google's own hosts otherwise. */
  apiRootUrl?: string | undefined;
}

export interface GoogleAccount {
  name: string;
  email: string;
  picture: string | null;
}

export interface GoogleStatus {
  sheetsConnected: boolean;
  driveConnected: boolean;
  calendarConnected: boolean;
  account: GoogleAccount | null;
}

export interface SpreadsheetList {
  connected: boolean;
  message: string;
  spreadsheets: { spreadsheetId: string; spreadsheetName: string; sheets: { sheetTitle: string }[] }[];
}

export interface CalendarList {
  connected: boolean;
  calendars: { id: string; summary: string; primary: boolean }[];
}

/** What the sealed `state` of a connection carries through Google and back. */
const connectState = z.object({ userId: z.string(), service: z.enum(GOOGLE_SERVICES), nonce: z.string(), expiresAt: z.number() });
export type ConnectState = z.infer<typeof connectState>;

export interface GoogleStart {
  authorizationUrl: string;
  /** The PKCE verifier, kept by the browser in a signed cookie (never in a URL). */
  codeVerifier: string;
  nonce: string;
}

interface GoogleDependencies {
  prisma: PrismaClient;
  clock: Clock;
  secrets: SecretBox;
  events: EventRecorder;
  logger: Logger;
  google: GoogleIntegrationsConfig;
  publicUrl: string;
}

export class GoogleIntegrations {
  readonly apiRootUrl: string;
  readonly sheetsRootUrl: string;

  constructor(private readonly deps: GoogleDependencies) {
    const root = deps.google.apiRootUrl?.replace(/\/*$/, '/');
    this.apiRootUrl = root ?? 'https://www.googleapis.com/';
    this.sheetsRootUrl = root ?? 'https://sheets.googleapis.com/';
  }

  // ---------------------------------------------------------------- connecting

  /** Where the settings popup goes: this server's start route with a sealed, user-bound, expiring state. */
  connectUrl(userId: string, service: GoogleService): string {
    this.assertConfigured();
    const state: ConnectState = {
      userId,
      service,
      nonce: randomBytes(16).toString('base64url'),
      expiresAt: this.deps.clock.now().getTime() + CONNECT_STATE_TTL_MS,
    };
    return `${this.deps.publicUrl}/api/v1/auth/google/${service}?state=${encodeURIComponent(this.deps.secrets.encrypt(JSON.stringify(state)))}`;
  }

  /** Opens a state; a forged, tampered, expired or other service's state is refused. */
  readState(raw: unknown, service: GoogleService): ConnectState {
    if (typeof raw !== 'string' || raw === '') throw googleErrors.invalidState();
    let state: ConnectState;
    try {
      state = connectState.parse(JSON.parse(this.deps.secrets.decrypt(raw)));
    } catch (error) {
      if (error instanceof SecretBoxError || error instanceof SyntaxError || error instanceof z.ZodError) throw googleErrors.invalidState();
      throw error;
    }
    if (state.service !== service) throw googleErrors.invalidState();
    if (state.expiresAt <= this.deps.clock.now().getTime()) throw googleErrors.expiredState();
    return state;
  }

  /** The redirect to Google's consent screen, with PKCE (S256) and an offline grant (a refresh token). */
  start(rawState: string, state: ConnectState): GoogleStart {
    const client = this.oauthClient(state.service);
    const codeVerifier = randomBytes(32).toString('base64url');
    const authorizationUrl = client.generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: true,
      scope: [...IDENTITY_SCOPES, ...SERVICE_SCOPES[state.service]],
      state: rawState,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      // google-auth-library's enum type; the value is the standard one.
      code_challenge_method: 'S256' as never,
    });
    return { authorizationUrl, codeVerifier, nonce: state.nonce };
  }

  /** The callback: trades the code for tokens, reads the account, and keeps the tokens encrypted. */
  async finish(state: ConnectState, code: string, codeVerifier: string): Promise<void> {
    const client = this.oauthClient(state.service);
    let tokens;
    try {
      ({ tokens } = await client.getToken({ code, codeVerifier }));
    } catch (error) {
      this.deps.logger.warn({ err: error, service: state.service }, 'Google token exchange failed');
      throw googleErrors.exchangeFailed();
    }
    if (!tokens.access_token) throw googleErrors.exchangeFailed();
    const account = await this.userInfo(tokens.access_token);
    const existing = await this.deps.prisma.googleIntegration.findUnique({
      where: { userId_service: { userId: state.userId, service: state.service } },
    });
    const data = {
      accountEmail: account.email,
      accountName: account.name,
      accountPicture: account.picture,
      encryptedAccessToken: this.deps.secrets.encrypt(tokens.access_token),
      // Google sends a refresh token on the first consent only; a reconnect keeps the one it has.
      encryptedRefreshToken: tokens.refresh_token
        ? this.deps.secrets.encrypt(tokens.refresh_token)
        : (existing?.encryptedRefreshToken ?? null),
      scope: tokens.scope ?? '',
      expiresAt: tokens.expiry_date ? new Date(tokens.expiry_date) : null,
    };
    await this.deps.prisma.googleIntegration.upsert({
      where: { userId_service: { userId: state.userId, service: state.service } },
      create: { userId: state.userId, service: state.service, ...data },
      update: data,
    });
    await this.deps.events.record({
      event: `${SERVICE_LABELS[state.service]} connected: ${account.email}`,
      category: 'Integrations',
      userId: state.userId,
    });
  }

  /** Revokes the grant at Google (best effort: a failed revoke still disconnects here) and forgets it. */
  async disconnect(userId: string, service: GoogleService): Promise<void> {
    const row = await this.deps.prisma.googleIntegration.findUnique({ where: { userId_service: { userId, service } } });
    if (!row) return;
    const token = this.readToken(row.encryptedRefreshToken) ?? this.readToken(row.encryptedAccessToken);
    if (token && this.configured()) {
      try {
        await this.oauthClient(service).revokeToken(token);
      } catch (error) {
        this.deps.logger.warn({ err: error, service }, 'Google did not confirm the revocation; disconnected here anyway');
      }
    }
    await this.deps.prisma.googleIntegration.deleteMany({ where: { userId, service } });
    await this.deps.events.record({
      event: `${SERVICE_LABELS[service]} disconnected: ${row.accountEmail}`,
      category: 'Integrations',
      userId,
    });
  }

  // ---------------------------------------------------------------- using a connection

  /**
   * An OAuth client holding the user's tokens for a service, refreshed when expired (and the new
   * access token stored); null when not connected, or when Google says the grant was revoked.
   */
  async authorizedClient(userId: string, service: GoogleService): Promise<OAuth2Client | null> {
    if (!this.configured()) return null;
    const row = await this.deps.prisma.googleIntegration.findUnique({ where: { userId_service: { userId, service } } });
    if (!row) return null;
    const accessToken = this.readToken(row.encryptedAccessToken);
    const refreshToken = this.readToken(row.encryptedRefreshToken);
    if (!accessToken && !refreshToken) return this.forget(row, 'its tokens can no longer be read');
    const client = this.oauthClient(service);
    client.setCredentials({
      access_token: accessToken,
      refresh_token: refreshToken,
      expiry_date: row.expiresAt?.getTime() ?? null,
    });
    const expired = !row.expiresAt || row.expiresAt.getTime() <= this.deps.clock.now().getTime() + 60_000;
    if (expired) {
      if (!refreshToken) return this.forget(row, 'its access expired and Google gave no refresh token');
      try {
        const { credentials } = await client.refreshAccessToken();
        await this.deps.prisma.googleIntegration.update({
          where: { id: row.id },
          data: {
            encryptedAccessToken: this.deps.secrets.encrypt(credentials.access_token ?? ''),
            expiresAt: credentials.expiry_date ? new Date(credentials.expiry_date) : null,
          },
        });
      } catch (error) {
        if (isRevoked(error)) return this.forget(row, 'Google says the access was revoked');
        throw googleErrors.unavailable();
      }
    }
    return client;
  }

  async status(userId: string): Promise<GoogleStatus> {
    // A connection whose access expired is refreshed here, so a grant revoked at Google shows as disconnected.
    const stored = await this.deps.prisma.googleIntegration.findMany({ where: { userId } });
    await Promise.all(stored.map((row) => this.authorizedClient(userId, row.service).catch(() => undefined)));
    const rows = await this.deps.prisma.googleIntegration.findMany({ where: { userId }, orderBy: { updatedAt: 'desc' } });
    const connected = (service: GoogleService) => rows.some((row) => row.service === service);
    const latest = rows[0];
    return {
      sheetsConnected: connected('sheets'),
      driveConnected: connected('drive'),
      calendarConnected: connected('calendar'),
      account: latest ? { name: latest.accountName, email: latest.accountEmail, picture: latest.accountPicture } : null,
    };
  }

  /** The connected account's spreadsheets and their sheets, for the data tool's pickers. */
  async spreadsheets(userId: string): Promise<SpreadsheetList> {
    const sheets = await this.sheetsFor(userId);
    const auth = sheets ? await this.authorizedClient(userId, 'sheets') : null;
    if (!sheets || !auth) return { connected: false, message: 'Google Sheets not connected', spreadsheets: [] };
    try {
      const drive = driveApi({ version: 'v3', auth, rootUrl: this.apiRootUrl });
      const files = await drive.files.list({
        q: "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false",
        fields: 'files(id,name)',
        orderBy: 'modifiedTime desc',
        pageSize: MAX_SPREADSHEETS,
      });
      const spreadsheets = await Promise.all(
        (files.data.files ?? []).flatMap((file) =>
          file.id
            ? [
                sheets.spreadsheets.get({ spreadsheetId: file.id, fields: 'sheets.properties.title' }).then((response) => ({
                  spreadsheetId: file.id!,
                  spreadsheetName: file.name ?? file.id!,
                  sheets: (response.data.sheets ?? [])
                    .map((sheet) => ({ sheetTitle: sheet.properties?.title ?? '' }))
                    .filter((sheet) => sheet.sheetTitle),
                })),
              ]
            : [],
        ),
      );
      return { connected: true, message: spreadsheets.length > 0 ? 'OK' : 'No spreadsheets found in this Google account', spreadsheets };
    } catch (error) {
      return this.apiFailure(error, userId, 'sheets', () => ({
        connected: false,
        message: 'Google Sheets not connected',
        spreadsheets: [],
      }));
    }
  }

  async calendars(userId: string): Promise<CalendarList> {
    const auth = await this.authorizedClient(userId, 'calendar');
    if (!auth) return { connected: false, calendars: [] };
    try {
      const response = await calendarApi({ version: 'v3', auth, rootUrl: this.apiRootUrl }).calendarList.list({ maxResults: 100 });
      return {
        connected: true,
        calendars: (response.data.items ?? []).map((item: calendar_v3.Schema$CalendarListEntry) => ({
          id: item.id ?? '',
          summary: item.summary ?? '',
          primary: item.primary === true,
        })),
      };
    } catch (error) {
      return this.apiFailure(error, userId, 'calendar', () => ({ connected: false, calendars: [] }));
    }
  }

  /** The Sheets API as the user, or null when Sheets is not connected. */
  async sheetsFor(userId: string): Promise<sheets_v4.Sheets | null> {
    const auth = await this.authorizedClient(userId, 'sheets');
    return auth ? sheetsApi({ version: 'v4', auth, rootUrl: this.sheetsRootUrl }) : null;
  }

  // ---------------------------------------------------------------- helpers

  private async apiFailure<T>(error: unknown, userId: string, service: GoogleService, disconnected: () => T): Promise<T> {
    if (isRevoked(error)) {
      await this.deps.prisma.googleIntegration.deleteMany({ where: { userId, service } });
      return disconnected();
    }
    this.deps.logger.warn({ err: error, service }, 'Google API call failed');
    throw googleErrors.unavailable();
  }

  private async forget(row: GoogleIntegration, reason: string): Promise<null> {
    this.deps.logger.info({ userId: row.userId, service: row.service }, `Google connection dropped: ${reason}`);
    await this.deps.prisma.googleIntegration.deleteMany({ where: { id: row.id } });
    await this.deps.events.record({
      event: `${SERVICE_LABELS[row.service]} disconnected: ${row.accountEmail}`,
      category: 'Integrations',
      details: reason,
      userId: row.userId,
    });
    return null;
  }

  private async userInfo(accessToken: string): Promise<GoogleAccount> {
    try {
      const response = await fetch(this.deps.google.userInfoUrl, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json()) as { email?: unknown; name?: unknown; picture?: unknown };
      if (!response.ok || typeof body.email !== 'string') throw new Error(`userinfo HTTP ${response.status}`);
      return {
        email: body.email,
        name: typeof body.name === 'string' ? body.name : body.email,
        picture: typeof body.picture === 'string' ? body.picture : null,
      };
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'Google userinfo failed');
      throw googleErrors.exchangeFailed();
    }
  }

  private readToken(sealed: string | null): string | undefined {
    if (!sealed) return undefined;
    try {
      return this.deps.secrets.decrypt(sealed) || undefined;
    } catch (error) {
      if (error instanceof SecretBoxError) return undefined;
      throw error;
    }
  }

  private configured(): boolean {
    return Boolean(this.deps.google.clientId && this.deps.google.clientSecret);
  }

  private assertConfigured(): void {
    if (!this.configured()) throw googleErrors.notConfigured();
  }

  private oauthClient(service: GoogleService): OAuth2Client {
    const { google } = this.deps;
    return new OAuth2Client({
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri: `${this.deps.publicUrl}/api/v1/auth/google/${service}/callback`,
      endpoints: {
        oauth2AuthBaseUrl: google.authorizationUrl,
        oauth2TokenUrl: google.tokenUrl,
        // Google's revocation endpoint sits beside its token endpoint (and so does a fake's).
        oauth2RevokeUrl: new URL('/revoke', google.tokenUrl).toString(),
      },
    });
  }
}

/** Google's answer when a refresh token or grant is no longer valid. */
function isRevoked(error: unknown): boolean {
  const details = error as { response?: { status?: number; data?: { error?: unknown } }; message?: unknown } | null;
  const oauthError = details?.response?.data?.error;
  return (
    oauthError === 'invalid_grant' ||
    details?.response?.status === 401 ||
    (typeof details?.message === 'string' && details.message.includes('invalid_grant'))
  );
}
