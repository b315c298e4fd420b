// A customer's Google connections (Sheets, Calendar, Drive): OAuth 2 with PKCE per service, tokens
// encrypted at rest and refreshed when expired, and the lists the editor's pickers show.
import { createHash, randomBytes } from 'node:crypto';
import { calendar as calendarApi } from '@googleapis/calendar';
import { drive as driveApi } from '@googleapis/drive';
import { sheets as sheetsApi, type sheets_v4 } from '@googleapis/sheets';
import { CodeChallengeMethod, OAuth2Client, type Credentials } from 'google-auth-library';
import type { Logger } from 'pino';
import type { GoogleIntegration, GoogleService, PrismaClient } from '../../../generated/prisma/client.ts';
import type { Clock } from '../../../platform/clock/index.ts';
import type { RevocationList } from '../../../platform/revocations/index.ts';
import { SecretBoxError, type SecretBox } from '../../../platform/crypto/index.ts';
import type { EventRecorder } from '../../events/service.ts';
// A type-only import runs the other way (dataTool.ts uses GoogleIntegrations): no cycle at run time.
import { EVENT_CATEGORY } from '../eventCategory.ts';
import { googleErrors } from './googleErrors.ts';
import { ConnectStates, type ConnectState } from './googleState.ts';

export { CONNECT_STATE_TTL_MS, type ConnectState } from './googleState.ts';

export const GOOGLE_SERVICES = ['sheets', 'calendar', 'drive'] as const satisfies readonly GoogleService[];

const IDENTITY_SCOPES = ['openid', 'email', 'profile'];
/** What each connection may do: Sheets also lists the account's spreadsheets (Drive metadata, read only). */
const SERVICE_SCOPES: Record<GoogleService, string[]> = {
  sheets: ['https://www.googleapis.com/auth/spreadsheets', 'https://www.googleapis.com/auth/drive.metadata.readonly'],
  calendar: ['https://www.googleapis.com/auth/calendar.readonly'],
  drive: ['https://www.googleapis.com/auth/drive.readonly'],
};
export const SERVICE_LABELS: Record<GoogleService, string> = {
  sheets: 'Google Sheets',
  calendar: 'Google Calendar',
  drive: 'Google Drive',
};

/** Google's production roots; GOOGLE_API_ROOT_URL replaces both. */
const DEFAULT_API_ROOT_URL = 'https://www.googleapis.com/';
const DEFAULT_SHEETS_ROOT_URL = 'https://sheets.googleapis.com/';
/** An access token this close to its expiry is refreshed first (google-auth-library's own margin). */
const REFRESH_MARGIN_MS = 5 * 60_000;
/** The pickers list the most recently modified spreadsheets; each costs one Sheets read (60 a minute per user). */
const MAX_SPREADSHEETS = 30;
const SPREADSHEET_READS_AT_ONCE = 5;

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
  /** The account of the most recent connection; null when nothing is connected. */
  account: GoogleAccount | null;
}

export interface Spreadsheet {
  spreadsheetId: string;
  spreadsheetName: string;
  sheets: { sheetTitle: string }[];
}

export interface SpreadsheetList {
  connected: boolean;
  message: string;
  spreadsheets: Spreadsheet[];
}

export interface CalendarList {
  connected: boolean;
  calendars: { id: string; summary: string; primary: boolean }[];
}

export interface GoogleStart {
  authorizationUrl: string;
  /** The PKCE verifier, kept by the browser in a signed, httpOnly cookie (never in a URL). */
  codeVerifier: string;
  nonce: string;
}

export const NOT_CONNECTED_MESSAGE = 'Google Sheets not connected';

interface GoogleDependencies {
  prisma: PrismaClient;
  clock: Clock;
  secrets: SecretBox;
  /** Where spent connect states are remembered, on every replica (Redis when configured). */
  revocations: RevocationList;
  /** APP_SECRET, from which the connect states' own key is derived. */
  appSecret: string;
  events: EventRecorder;
  logger: Logger;
  google: GoogleIntegrationsConfig;
  publicUrl: string;
}

export class GoogleIntegrations {
  /** The `rootUrl` for @googleapis/drive and @googleapis/calendar. */
  readonly apiRootUrl: string;
  /** The `rootUrl` for @googleapis/sheets. */
  readonly sheetsRootUrl: string;
  private readonly states: ConnectStates;

  constructor(private readonly deps: GoogleDependencies) {
    const root = deps.google.apiRootUrl?.replace(/\/*$/, '/');
    this.apiRootUrl = root ?? DEFAULT_API_ROOT_URL;
    this.sheetsRootUrl = root ?? DEFAULT_SHEETS_ROOT_URL;
    this.states = new ConnectStates(deps.appSecret, deps.clock);
  }

  // ---------------------------------------------------------------- connecting

  /** Where the settings popup goes: this server's start route with a sealed, user-bound, expiring state. */
  async connectUrl(userId: string, service: GoogleService): Promise<string> {
    this.assertConfigured();
    const { state } = await this.states.seal(userId, service);
    return `${this.deps.publicUrl}/api/v1/auth/google/${service}?state=${encodeURIComponent(state)}`;
  }

  /** Opens a state; a forged, tampered, expired or other service's state is refused. */
  readState(raw: unknown, service: GoogleService): Promise<ConnectState> {
    return this.states.open(raw, service);
  }

  /** The redirect to Google's consent screen, with PKCE (S256) and an offline grant (a refresh token). */
  start(rawState: string, state: ConnectState): GoogleStart {
    this.assertConfigured();
    const codeVerifier = randomBytes(32).toString('base64url');
    const authorizationUrl = this.oauthClient(state.service).generateAuthUrl({
      access_type: 'offline',
      // Consent each time, so Google sends a refresh token even to an account that connected before.
      prompt: 'consent',
      scope: [...IDENTITY_SCOPES, ...SERVICE_SCOPES[state.service]],
      state: rawState,
      code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
      code_challenge_method: CodeChallengeMethod.S256,
    });
    return { authorizationUrl, codeVerifier, nonce: state.nonce };
  }

  /**
   * The callback: spends the state, trades the code for tokens, reads the account, and keeps the
   * tokens encrypted. A state connects once: replayed with its cookie and a new code, on this replica
   * or another, it is refused before Google is asked.
   */
  async finish(state: ConnectState, code: string, codeVerifier: string): Promise<void> {
    this.assertConfigured();
    const now = this.deps.clock.now();
    // The shared list (Redis) away: a state that cannot be spent is not taken, and the caller hears why.
    const spent = await this.deps.revocations
      .revokeOnce(`google-connect-state:${state.nonce}`, now, Math.max(state.expiresAt.getTime() - now.getTime(), 1))
      .catch((error: unknown) => {
        this.deps.logger.warn({ err: error }, 'could not spend a Google connect state: revocation list unreachable');
        throw googleErrors.stateUnverifiable();
      });
    if (!spent) throw googleErrors.usedState();
    const client = this.oauthClient(state.service);
    let tokens: Credentials;
    try {
      ({ tokens } = await client.getToken({ code, codeVerifier }));
    } catch (error) {
      this.deps.logger.warn({ err: error, service: state.service }, 'Google token exchange failed');
      throw googleErrors.exchangeFailed();
    }
    if (!tokens.access_token) throw googleErrors.exchangeFailed();
    // Google's consent screen lets the user untick scopes: a connection without its scopes would only fail later.
    const granted = new Set((tokens.scope ?? '').split(/\s+/));
    if (tokens.scope !== undefined && SERVICE_SCOPES[state.service].some((scope) => !granted.has(scope))) {
      throw googleErrors.scopeNotGranted(SERVICE_LABELS[state.service]);
    }
    const account = await this.userInfo(tokens.access_token);
    const key = { userId_service: { userId: state.userId, service: state.service } };
    const existing = await this.deps.prisma.googleIntegration.findUnique({ where: key });
    const keptRefreshToken = existing?.accountEmail === account.email ? existing.encryptedRefreshToken : null;
    const data = {
      accountEmail: account.email,
      accountName: account.name,
      accountPicture: account.picture,
      encryptedAccessToken: this.deps.secrets.encrypt(tokens.access_token),
      // Google may leave the refresh token out when the account granted access before: keep the one we have.
      encryptedRefreshToken: tokens.refresh_token ? this.deps.secrets.encrypt(tokens.refresh_token) : keptRefreshToken,
      scope: tokens.scope ?? '',
      expiresAt: this.expiresAt(tokens),
    };
    await this.deps.prisma.googleIntegration.upsert({
      where: key,
      create: { userId: state.userId, service: state.service, ...data },
      update: data,
    });
    await this.deps.events.record({
      event: `${SERVICE_LABELS[state.service]} connected: ${account.email}`,
      category: EVENT_CATEGORY,
      userId: state.userId,
    });
  }

  /**
   * Forgets a connection. Google ends every grant an account gave this app at once, so the grant is
   * revoked there only when no other service of this user still uses that account; a failed
   * revocation still disconnects here.
   */
  async disconnect(userId: string, service: GoogleService): Promise<void> {
    const row = await this.deps.prisma.googleIntegration.findUnique({ where: { userId_service: { userId, service } } });
    if (!row) return;
    await this.deps.prisma.googleIntegration.deleteMany({ where: { id: row.id } });
    const sameAccount = await this.deps.prisma.googleIntegration.count({ where: { userId, accountEmail: row.accountEmail } });
    const token = this.readToken(row.encryptedRefreshToken) ?? this.readToken(row.encryptedAccessToken);
    let revoked = false;
    if (token && sameAccount === 0 && this.configured()) {
      try {
        await this.oauthClient(service).revokeToken(token);
        revoked = true;
      } catch (error) {
        this.deps.logger.warn({ err: error, service }, 'Google did not confirm the revocation; disconnected here anyway');
      }
    }
    await this.deps.events.record({
      event: `${SERVICE_LABELS[service]} disconnected: ${row.accountEmail}`,
      category: EVENT_CATEGORY,
      details: revoked ? 'Access revoked at Google' : 'Access kept at Google (still used by another connection, or Google did not answer)',
      userId,
    });
  }

  // ---------------------------------------------------------------- using a connection

  /**
   * An OAuth client holding the user's tokens for a service, refreshed first when expired (the new
   * access token stored, encrypted); null when not connected, or when Google says the grant was
   * revoked (the connection is then forgotten: it shows as disconnected).
   */
  async authorizedClient(userId: string, service: GoogleService): Promise<OAuth2Client | null> {
    if (!this.configured()) return null;
    const row = await this.deps.prisma.googleIntegration.findUnique({ where: { userId_service: { userId, service } } });
    if (!row) return null;
    const accessToken = this.readToken(row.encryptedAccessToken);
    const refreshToken = this.readToken(row.encryptedRefreshToken);
    if (!accessToken && !refreshToken) return this.forget(row, 'its tokens can no longer be read (APP_SECRET changed?)');

    // Refreshes made by the library itself (a 401 on a call) are stored too.
    const client = this.oauthClient(service, { forceRefreshOnFailure: true });
    client.setCredentials({ access_token: accessToken ?? null, refresh_token: refreshToken ?? null });
    let expiresAt = row.expiresAt;
    const now = this.deps.clock.now().getTime();
    if (!accessToken || !expiresAt || expiresAt.getTime() - REFRESH_MARGIN_MS <= now) {
      if (!refreshToken) return this.forget(row, 'its access expired and Google gave no refresh token');
      try {
        const { credentials } = await client.refreshAccessToken();
        expiresAt = await this.storeRefreshed(row.id, credentials, refreshToken);
      } catch (error) {
        if (isRevoked(error)) return this.forget(row, 'Google says the access was revoked');
        this.deps.logger.warn({ err: error, service }, 'Google token refresh failed');
        throw googleErrors.unavailable();
      }
    }
    // The library checks expiry on the system clock: give it the same deadline on that clock.
    if (expiresAt) client.credentials.expiry_date = Date.now() + (expiresAt.getTime() - this.deps.clock.now().getTime());
    client.on('tokens', (credentials) => {
      this.storeRefreshed(row.id, credentials, refreshToken).catch((error: unknown) =>
        this.deps.logger.warn({ err: error, service }, 'could not store a refreshed Google token'),
      );
    });
    return client;
  }

  /** The Sheets API as the user, or null when Sheets is not connected (or its grant was revoked). */
  async sheetsFor(userId: string): Promise<sheets_v4.Sheets | null> {
    const auth = await this.authorizedClient(userId, 'sheets');
    return auth ? sheetsApi({ version: 'v4', auth, rootUrl: this.sheetsRootUrl }) : null;
  }

  async status(userId: string): Promise<GoogleStatus> {
    // An expired connection is refreshed here, so a grant revoked at Google shows as disconnected.
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

  /** The connected account's spreadsheets (most recently modified first) and their sheets, for the data tool's pickers. */
  async spreadsheets(userId: string): Promise<SpreadsheetList> {
    const notConnected: SpreadsheetList = { connected: false, message: NOT_CONNECTED_MESSAGE, spreadsheets: [] };
    const auth = await this.authorizedClient(userId, 'sheets');
    if (!auth) return notConnected;
    try {
      const files = await driveApi({ version: 'v3', auth, rootUrl: this.apiRootUrl }).files.list({
        q: "mimeType='application/vnd.google-apps.spreadsheet' and trashed=false",
        fields: 'files(id,name)',
        orderBy: 'modifiedTime desc',
        pageSize: MAX_SPREADSHEETS,
        includeItemsFromAllDrives: true,
        supportsAllDrives: true,
      });
      const sheets = sheetsApi({ version: 'v4', auth, rootUrl: this.sheetsRootUrl });
      const found = (files.data.files ?? []).flatMap((file) => (file.id ? [{ id: file.id, name: file.name ?? file.id }] : []));
      const spreadsheets = await mapLimited(found, SPREADSHEET_READS_AT_ONCE, async (file): Promise<Spreadsheet> => {
        try {
          const response = await sheets.spreadsheets.get({ spreadsheetId: file.id, fields: 'sheets.properties.title' });
          const titles = (response.data.sheets ?? []).map((sheet) => sheet.properties?.title ?? '').filter(Boolean);
          return { spreadsheetId: file.id, spreadsheetName: file.name, sheets: titles.map((sheetTitle) => ({ sheetTitle })) };
        } catch (error) {
          // One unreadable spreadsheet (quota, permissions) does not hide the others.
          if (isRevoked(error)) throw error;
          this.deps.logger.warn({ err: error }, 'could not read the sheets of a Google spreadsheet');
          return { spreadsheetId: file.id, spreadsheetName: file.name, sheets: [] };
        }
      });
      return {
        connected: true,
        message: spreadsheets.length > 0 ? 'Spreadsheets loaded' : 'No spreadsheets found in this Google account',
        spreadsheets,
      };
    } catch (error) {
      return this.apiFailure(error, userId, 'sheets', notConnected);
    }
  }

  async calendars(userId: string): Promise<CalendarList> {
    const notConnected: CalendarList = { connected: false, calendars: [] };
    const auth = await this.authorizedClient(userId, 'calendar');
    if (!auth) return notConnected;
    try {
      const response = await calendarApi({ version: 'v3', auth, rootUrl: this.apiRootUrl }).calendarList.list({ maxResults: 250 });
      return {
        connected: true,
        calendars: (response.data.items ?? []).flatMap((item) =>
          item.id ? [{ id: item.id, summary: item.summaryOverride ?? item.summary ?? item.id, primary: item.primary === true }] : [],
        ),
      };
    } catch (error) {
      return this.apiFailure(error, userId, 'calendar', notConnected);
    }
  }

  // ---------------------------------------------------------------- helpers

  /** A call failed: a revoked grant is a disconnection (the `disconnected` answer), anything else is Google being unavailable. */
  private async apiFailure<T>(error: unknown, userId: string, service: GoogleService, disconnected: T): Promise<T> {
    if (isRevoked(error)) {
      const row = await this.deps.prisma.googleIntegration.findUnique({ where: { userId_service: { userId, service } } });
      if (row) await this.forget(row, 'Google refused its credentials (access revoked)');
      return disconnected;
    }
    this.deps.logger.warn({ err: error, service }, 'Google API call failed');
    throw googleErrors.unavailable();
  }

  private async forget(row: GoogleIntegration, reason: string): Promise<null> {
    this.deps.logger.info({ userId: row.userId, service: row.service }, `Google connection dropped: ${reason}`);
    const { count } = await this.deps.prisma.googleIntegration.deleteMany({ where: { id: row.id } });
    if (count > 0) {
      await this.deps.events.record({
        event: `${SERVICE_LABELS[row.service]} disconnected: ${row.accountEmail}`,
        category: EVENT_CATEGORY,
        details: reason,
        userId: row.userId,
      });
    }
    return null;
  }

  /** Stores a refreshed access token (and a rotated refresh token, if Google sent a new one); returns its expiry. */
  private async storeRefreshed(id: string, credentials: Credentials, refreshToken: string | undefined): Promise<Date | null> {
    if (!credentials.access_token) return null;
    const expiresAt = this.expiresAt(credentials);
    const rotated = credentials.refresh_token && credentials.refresh_token !== refreshToken ? credentials.refresh_token : null;
    await this.deps.prisma.googleIntegration.updateMany({
      where: { id },
      data: {
        encryptedAccessToken: this.deps.secrets.encrypt(credentials.access_token),
        ...(rotated ? { encryptedRefreshToken: this.deps.secrets.encrypt(rotated) } : {}),
        expiresAt,
      },
    });
    return expiresAt;
  }

  /** google-auth-library dates expiry on the system clock; the product keeps it on its own clock. */
  private expiresAt(credentials: Credentials): Date | null {
    if (!credentials.expiry_date) return null;
    return new Date(this.deps.clock.now().getTime() + (credentials.expiry_date - Date.now()));
  }

  private async userInfo(accessToken: string): Promise<GoogleAccount> {
    try {
      const response = await fetch(this.deps.google.userInfoUrl, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await response.json()) as { email?: unknown; name?: unknown; picture?: unknown };
      if (!response.ok || typeof body.email !== 'string' || body.email === '') throw new Error(`userinfo HTTP ${response.status}`);
      return {
        email: body.email.toLowerCase(),
        name: typeof body.name === 'string' && body.name.trim() !== '' ? body.name.trim() : body.email,
        picture: typeof body.picture === 'string' && /^https:\/\//.test(body.picture) ? body.picture : null,
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

  private oauthClient(service: GoogleService, options: { forceRefreshOnFailure?: boolean } = {}): OAuth2Client {
    const { google } = this.deps;
    return new OAuth2Client({
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      redirectUri: `${this.deps.publicUrl}/api/v1/auth/google/${service}/callback`,
      ...options,
      endpoints: {
        oauth2AuthBaseUrl: google.authorizationUrl,
        oauth2TokenUrl: google.tokenUrl,
        // Google's revocation endpoint sits beside its token endpoint (https://oauth2.googleapis.com/revoke), as a fake's does.
        oauth2RevokeUrl: new URL('/revoke', google.tokenUrl).toString(),
      },
    });
  }
}

/** Google's answer when a refresh token or grant is no longer valid (the user removed the app, or the grant expired). */
function isRevoked(error: unknown): boolean {
  const details = error as { status?: unknown; response?: { status?: number; data?: { error?: unknown } }; message?: unknown } | null;
  return (
    details?.response?.data?.error === 'invalid_grant' ||
    details?.response?.status === 401 ||
    (typeof details?.message === 'string' && details.message.includes('invalid_grant'))
  );
}

/** `map` with at most `limit` calls in flight, results in order. */
async function mapLimited<T, R>(items: T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
