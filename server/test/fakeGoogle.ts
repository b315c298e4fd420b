// A small fake of Google for tests and e2e runs, over HTTP so the real clients run against it
// (google-auth-library's OAuth2Client, @googleapis/drive, sheets and calendar with `rootUrl`):
// - OAuth 2: an authorize endpoint that consents at once and redirects back with a code (so a test,
//   or a browser popup, can follow the whole flow), the token endpoint (authorization_code with a
//   PKCE S256 check, refresh_token), userinfo, and revoke (which, as at Google, ends every grant the
//   account gave this client);
// - Drive v3 files.list, Sheets v4 spreadsheets.get / values.get / values.append, Calendar v3
//   calendarList.list, in Google's JSON shapes, over in-memory spreadsheets, with scope checks.
//
//   const google = await startFakeGoogle();
//   const server = await startTestServer(google.environment);
//   const sheet = google.seedSpreadsheet('Catalog', { Products: [['Name', 'Price'], ['Lamp', '89']] });
//   ... google.rows(sheet.id, 'Leads') ... google.revokeAll() ... google.requests
//
// Suites that run the fake in another process (the browser e2e) use its `/__fake/...` routes.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeGoogleAccount {
  sub: string;
  email: string;
  name: string;
  picture: string;
}

export interface FakeSpreadsheet {
  id: string;
  name: string;
  /** Sheet title → rows of cells (strings, as Google's FORMATTED_VALUE reads them back). */
  sheets: Map<string, string[][]>;
  /** The account that owns it (only that account sees it); unset: every account sees it. */
  owner?: string | undefined;
}

export interface FakeCalendar {
  id: string;
  summary: string;
  primary?: boolean;
}

export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** For token endpoint calls: `authorization_code` or `refresh_token`. */
  grantType?: string;
}

export interface ConsentOptions {
  /** The user clicks Cancel: Google redirects back with `error=access_denied`. */
  deny?: boolean;
  /** Granular consent: the user unticks these scopes (full URLs). */
  withholdScopes?: string[];
  /** Signs in with this account instead of the current one. */
  account?: FakeGoogleAccount;
}

export interface FakeGoogle {
  url: string;
  /** The server environment that points the product at this fake. */
  environment: Record<string, string>;
  clientId: string;
  /** The account consents sign in with (see `setAccount`). */
  account: FakeGoogleAccount;
  spreadsheets: Map<string, FakeSpreadsheet>;
  calendars: FakeCalendar[];
  requests: FakeGoogleRequest[];
  /** Every token the product revoked, in order. */
  revokedTokens: string[];
  /** Every access and refresh token handed out (to check none is stored in clear). */
  issuedTokens(): string[];
  seedSpreadsheet(name: string, sheets: Record<string, string[][]>, options?: { owner?: string }): FakeSpreadsheet;
  /** A sheet's rows as they are now (appended rows included). */
  rows(spreadsheetId: string, sheet: string): string[][];
  /** The account later consents sign in with. */
  setAccount(account: FakeGoogleAccount): void;
  /** How the next consent goes (once). */
  nextConsent(options: ConsentOptions): void;
  /** Revokes every grant (as if the user removed the app in their Google account): refreshes fail with invalid_grant, access tokens with 401. */
  revokeAll(): void;
  /** Every access token expires (refresh tokens still work): the next API call answers 401. */
  expireAccessTokens(): void;
  /** While on, the revoke endpoint answers 503. */
  failRevocations(on: boolean): void;
  close(): Promise<void>;
}

const SCOPE = {
  spreadsheets: 'https://www.googleapis.com/auth/spreadsheets',
  spreadsheetsReadonly: 'https://www.googleapis.com/auth/spreadsheets.readonly',
  drive: 'https://www.googleapis.com/auth/drive',
  driveReadonly: 'https://www.googleapis.com/auth/drive.readonly',
  driveMetadataReadonly: 'https://www.googleapis.com/auth/drive.metadata.readonly',
  driveFile: 'https://www.googleapis.com/auth/drive.file',
  calendar: 'https://www.googleapis.com/auth/calendar',
  calendarReadonly: 'https://www.googleapis.com/auth/calendar.readonly',
};
const IDENTITY_SCOPES = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/userinfo.email'];
const SPREADSHEET_MIME = 'application/vnd.google-apps.spreadsheet';

interface Grant {
  account: FakeGoogleAccount;
  scopes: string[];
}

interface PendingCode extends Grant {
  challenge: string;
  redirectUri: string;
  offline: boolean;
}

type Json = Record<string, unknown>;

class GoogleApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    message: string,
  ) {
    super(message);
  }
}

const notFound = () => new GoogleApiError(404, 'NOT_FOUND', 'Requested entity was not found.');

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const clientId = 'fake-client.apps.googleusercontent.com';
  const clientSecret = 'fake-google-client-secret';
  let account: FakeGoogleAccount = {
    sub: '1122334455',
    email: 'owner@gmail.example',
    name: 'Olive Owner',
    picture: 'https://example.org/olive.png',
  };
  let pendingConsent: ConsentOptions | null = null;
  let revocationsFail = false;
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const issued: string[] = [];
  const revokedTokens: string[] = [];
  const spreadsheets = new Map<string, FakeSpreadsheet>();
  const calendars: FakeCalendar[] = [
    { id: 'primary@example', summary: 'Olive Owner', primary: true },
    { id: 'team@example', summary: 'Team bookings' },
  ];
  const requests: FakeGoogleRequest[] = [];

  const token = (prefix: string, grant: Grant, into: Map<string, Grant>) => {
    const value = `${prefix}${randomBytes(16).toString('hex')}`;
    into.set(value, grant);
    issued.push(value);
    return value;
  };

  /** As at Google: revoking any token of an account ends everything that account granted this client. */
  function revokeAccount(sub: string) {
    for (const tokens of [accessTokens, refreshTokens]) {
      for (const [value, grant] of tokens) if (grant.account.sub === sub) tokens.delete(value);
    }
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(request, response, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        if (error instanceof GoogleApiError) {
          return json(response, error.status, { error: { code: error.status, message: error.message, status: error.statusText } });
        }
        json(response, 500, { error: { code: 500, message: String(error), status: 'INTERNAL' } });
      }
    });
  });

  function handle(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    const method = request.method ?? 'GET';
    const form = new URLSearchParams(body);
    requests.push({
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      ...(path === '/token' && form.get('grant_type') ? { grantType: form.get('grant_type')! } : {}),
    });

    // ---- for suites that run the fake in another process (the browser e2e)
    if (path === '/__fake/spreadsheets' && method === 'POST') {
      const { name, sheets, owner } = JSON.parse(body) as { name: string; sheets: Record<string, string[][]>; owner?: string };
      return json(response, 201, { id: seed(name, sheets, { owner }).id });
    }
    const rowsMatch = /^\/__fake\/spreadsheets\/([^/]+)\/([^/]+)$/.exec(path);
    if (rowsMatch && method === 'GET') return json(response, 200, { rows: rowsOf(rowsMatch[1]!, rowsMatch[2]!) });
    if (path === '/__fake/revoke-all' && method === 'POST') {
      accessTokens.clear();
      refreshTokens.clear();
      return json(response, 200, {});
    }
    if (path === '/__fake/consent' && method === 'POST') {
      pendingConsent = JSON.parse(body) as ConsentOptions;
      return json(response, 200, {});
    }

    // ---- OAuth 2
    if (path === '/o/oauth2/v2/auth') return authorize(url, response);
    if (path === '/token' && method === 'POST') return tokenEndpoint(request, form, response);
    if (path === '/revoke' && method === 'POST') {
      if (revocationsFail) return json(response, 503, { error: 'temporarily_unavailable' });
      const value = url.searchParams.get('token') ?? form.get('token') ?? '';
      const grant = accessTokens.get(value) ?? refreshTokens.get(value);
      if (!grant) return json(response, 400, { error: 'invalid_token', error_description: 'Token expired or revoked' });
      revokedTokens.push(value);
      revokeAccount(grant.account.sub);
      return json(response, 200, {});
    }

    // ---- APIs: a bearer access token with the right scopes
    const grant = accessTokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!grant) {
      return json(response, 401, {
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          errors: [
            { message: 'Invalid Credentials', domain: 'global', reason: 'authError', location: 'Authorization', locationType: 'header' },
          ],
          status: 'UNAUTHENTICATED',
        },
      });
    }
    const requireScope = (...accepted: string[]) => {
      if (!accepted.some((scope) => grant.scopes.includes(scope))) {
        throw new GoogleApiError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
      }
    };

    if (path === '/userinfo' && method === 'GET') {
      requireScope(...IDENTITY_SCOPES);
      const { sub, email, name, picture } = grant.account;
      const [givenName, ...family] = name.split(' ');
      return json(response, 200, { sub, email, email_verified: true, name, given_name: givenName, family_name: family.join(' '), picture });
    }

    if (path === '/drive/v3/files' && method === 'GET') {
      requireScope(SCOPE.drive, SCOPE.driveReadonly, SCOPE.driveMetadataReadonly, SCOPE.driveFile);
      const q = url.searchParams.get('q') ?? '';
      const mimeFilter = /mimeType\s*=\s*'([^']+)'/.exec(q)?.[1];
      const pageSize = Number(url.searchParams.get('pageSize') ?? 100);
      const files = [...spreadsheets.values()]
        .reverse() // newest first, as `orderBy=modifiedTime desc` would
        .filter((file) => visibleTo(file, grant) && (!mimeFilter || mimeFilter === SPREADSHEET_MIME))
        .slice(0, pageSize)
        .map((file) => ({ kind: 'drive#file', id: file.id, name: file.name, mimeType: SPREADSHEET_MIME }));
      return json(response, 200, { kind: 'drive#fileList', incompleteSearch: false, files });
    }

    if (path === '/calendar/v3/users/me/calendarList' && method === 'GET') {
      requireScope(SCOPE.calendar, SCOPE.calendarReadonly);
      return json(response, 200, {
        kind: 'calendar#calendarList',
        items: calendars.map((calendar) => ({
          kind: 'calendar#calendarListEntry',
          id: calendar.id,
          summary: calendar.summary,
          accessRole: 'owner',
          ...(calendar.primary ? { primary: true } : {}),
        })),
      });
    }

    const valuesMatch = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+?)(:append)?$/.exec(path);
    if (valuesMatch) {
      const spreadsheet = spreadsheetFor(valuesMatch[1]!, grant);
      if (valuesMatch[3] && method === 'POST') {
        requireScope(SCOPE.spreadsheets, SCOPE.drive, SCOPE.driveFile);
        return json(response, 200, appendValues(spreadsheet, valuesMatch[2]!, url.searchParams, body));
      }
      if (!valuesMatch[3] && method === 'GET') {
        requireScope(SCOPE.spreadsheets, SCOPE.spreadsheetsReadonly, SCOPE.drive, SCOPE.driveReadonly, SCOPE.driveFile);
        return json(response, 200, getValues(spreadsheet, valuesMatch[2]!, url.searchParams));
      }
    }
    const spreadsheetMatch = /^\/v4\/spreadsheets\/([^/:]+)$/.exec(path);
    if (spreadsheetMatch && method === 'GET') {
      requireScope(SCOPE.spreadsheets, SCOPE.spreadsheetsReadonly, SCOPE.drive, SCOPE.driveReadonly, SCOPE.driveFile);
      const spreadsheet = spreadsheetFor(spreadsheetMatch[1]!, grant);
      return json(response, 200, {
        spreadsheetId: spreadsheet.id,
        properties: { title: spreadsheet.name, locale: 'en_US', timeZone: 'Etc/GMT' },
        sheets: [...spreadsheet.sheets].map(([title, rows], index) => ({
          properties: {
            sheetId: index,
            title,
            index,
            sheetType: 'GRID',
            gridProperties: { rowCount: gridRows(rows), columnCount: gridColumns(rows) },
          },
        })),
        spreadsheetUrl: `https://docs.google.com/spreadsheets/d/${spreadsheet.id}/edit`,
      });
    }
    throw new GoogleApiError(404, 'NOT_FOUND', `The fake has no ${method} ${path}`);
  }

  function authorize(url: URL, response: ServerResponse) {
    const params = url.searchParams;
    const redirectUri = params.get('redirect_uri') ?? '';
    if (params.get('client_id') !== clientId) return text(response, 401, 'Error 401: invalid_client. The OAuth client was not found.');
    if (!/^https?:\/\//.test(redirectUri)) return text(response, 400, 'Error 400: redirect_uri_mismatch');
    if (params.get('response_type') !== 'code') return text(response, 400, 'Error 400: unsupported_response_type');
    if (params.get('code_challenge_method') !== 'S256' || !params.get('code_challenge')) {
      return text(response, 400, 'Error 400: invalid_request (this fake requires PKCE with S256)');
    }
    const consent = pendingConsent ?? {};
    pendingConsent = null;
    const back = new URL(redirectUri);
    const state = params.get('state');
    if (consent.deny) {
      back.searchParams.set('error', 'access_denied');
    } else {
      const requested = (params.get('scope') ?? '').split(/\s+/).filter(Boolean);
      const scopes = requested.filter((scope) => !(consent.withholdScopes ?? []).includes(scope));
      const code = `4/${randomBytes(12).toString('hex')}`;
      codes.set(code, {
        account: consent.account ?? account,
        scopes,
        challenge: params.get('code_challenge')!,
        redirectUri,
        offline: params.get('access_type') === 'offline',
      });
      back.searchParams.set('code', code);
      back.searchParams.set('scope', scopes.join(' '));
    }
    if (state !== null) back.searchParams.set('state', state);
    response.writeHead(302, { location: back.toString() });
    return response.end();
  }

  function tokenEndpoint(request: IncomingMessage, form: URLSearchParams, response: ServerResponse) {
    const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString('utf8').split(':') : [];
    if ((form.get('client_id') ?? basicId) !== clientId || (form.get('client_secret') ?? basicSecret) !== clientSecret) {
      return json(response, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    }
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code); // a code works once
      const verifier = form.get('code_verifier') ?? '';
      if (!pending || form.get('redirect_uri') !== pending.redirectUri) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Bad Request' });
      }
      if (createHash('sha256').update(verifier).digest('base64url') !== pending.challenge) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Invalid code verifier.' });
      }
      const grant: Grant = { account: pending.account, scopes: pending.scopes };
      return json(response, 200, {
        access_token: token('ya29.', grant, accessTokens),
        expires_in: 3599,
        ...(pending.offline ? { refresh_token: token('1//', grant, refreshTokens) } : {}),
        scope: pending.scopes.join(' '),
        token_type: 'Bearer',
      });
    }
    if (grantType === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!grant) return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
      return json(response, 200, {
        access_token: token('ya29.', grant, accessTokens),
        expires_in: 3599,
        scope: grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    }
    return json(response, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grantType ?? ''}` });
  }

  function visibleTo(spreadsheet: FakeSpreadsheet, grant: Grant): boolean {
    return spreadsheet.owner === undefined || spreadsheet.owner === grant.account.email;
  }

  function spreadsheetFor(id: string, grant: Grant): FakeSpreadsheet {
    const spreadsheet = spreadsheets.get(id);
    if (!spreadsheet) throw notFound();
    if (!visibleTo(spreadsheet, grant)) throw new GoogleApiError(403, 'PERMISSION_DENIED', 'The caller does not have permission');
    return spreadsheet;
  }

  /** A range's sheet (its rows) and cell window; a range naming no sheet is on the first sheet. */
  function resolveRange(spreadsheet: FakeSpreadsheet, raw: string) {
    const parsed = parseRange(raw);
    let title = parsed.sheet;
    let cells = parsed.cells;
    if (title === undefined) {
      // `Sheet1` alone is a sheet; `A1:B2` alone is on the first sheet.
      if (spreadsheet.sheets.has(raw)) [title, cells] = [raw, ''];
      else title = spreadsheet.sheets.keys().next().value;
    }
    const rows = title === undefined ? undefined : spreadsheet.sheets.get(title);
    if (title === undefined || !rows) throw new GoogleApiError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${raw}`);
    const window = parseCells(cells);
    if (!window) throw new GoogleApiError(400, 'INVALID_ARGUMENT', `Unable to parse range: ${raw}`);
    // As at Google, a range past the sheet's grid is refused (read the sheet's title alone for all of it).
    const [maxRows, maxColumns] = [gridRows(rows), gridColumns(rows)];
    if (Math.max(window.startColumn, window.endColumn ?? 0) >= maxColumns || Math.max(window.startRow, window.endRow ?? 0) >= maxRows) {
      throw new GoogleApiError(
        400,
        'INVALID_ARGUMENT',
        `Range ('${title.replace(/'/g, "''")}'!${cells}) exceeds grid limits. Max rows: ${maxRows}, max columns: ${maxColumns}`,
      );
    }
    return { title, rows, window };
  }

  function getValues(spreadsheet: FakeSpreadsheet, raw: string, query: URLSearchParams): Json {
    const { title, rows, window } = resolveRange(spreadsheet, raw);
    const lastRow = Math.min(window.endRow ?? gridRows(rows) - 1, gridRows(rows) - 1);
    const lastColumn = Math.min(window.endColumn ?? gridColumns(rows) - 1, gridColumns(rows) - 1);
    let values = rows
      .slice(window.startRow, lastRow + 1)
      .map((row) => trimEnd(row.slice(window.startColumn, lastColumn + 1), (cell) => cell === ''));
    values = trimEnd(values, (row) => row.length === 0);
    const majorDimension = query.get('majorDimension') === 'COLUMNS' ? 'COLUMNS' : 'ROWS';
    if (majorDimension === 'COLUMNS') values = transpose(values);
    return {
      range: `${quoteSheet(title)}!${a1(window.startColumn, window.startRow)}:${a1(lastColumn, lastRow)}`,
      majorDimension,
      ...(values.length > 0 ? { values } : {}),
    };
  }

  function appendValues(spreadsheet: FakeSpreadsheet, raw: string, query: URLSearchParams, body: string): Json {
    const option = query.get('valueInputOption');
    if (option !== 'RAW' && option !== 'USER_ENTERED') {
      throw new GoogleApiError(400, 'INVALID_ARGUMENT', "'valueInputOption' is required but not specified");
    }
    const { title, rows, window } = resolveRange(spreadsheet, raw);
    const appended = ((JSON.parse(body || '{}') as { values?: unknown[][] }).values ?? []).map((row) =>
      row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))),
    );
    // The table is the range's rows that hold something; new rows go right under it.
    const tableEnd = rows.reduce((last, row, index) => (row.some((cell) => cell !== '') ? index + 1 : last), 0);
    const width = Math.max(0, ...appended.map((row) => row.length));
    appended.forEach((row, offset) => {
      rows[tableEnd + offset] = [...Array<string>(window.startColumn).fill(''), ...row];
    });
    const sheet = quoteSheet(title);
    const firstNew = tableEnd;
    const lastNew = tableEnd + appended.length - 1;
    return {
      spreadsheetId: spreadsheet.id,
      ...(tableEnd > 0 ? { tableRange: `${sheet}!${a1(window.startColumn, 0)}:${a1(window.startColumn + width - 1, tableEnd - 1)}` } : {}),
      updates: {
        spreadsheetId: spreadsheet.id,
        updatedRange: `${sheet}!${a1(window.startColumn, firstNew)}:${a1(window.startColumn + width - 1, lastNew)}`,
        updatedRows: appended.length,
        updatedColumns: width,
        updatedCells: appended.reduce((sum, row) => sum + row.length, 0),
      },
    };
  }

  let sequence = 0;
  function seed(name: string, sheets: Record<string, string[][]>, options: { owner?: string | undefined } = {}): FakeSpreadsheet {
    sequence += 1;
    const spreadsheet: FakeSpreadsheet = {
      id: `1Fake${sequence}${randomBytes(12).toString('base64url')}`,
      name,
      sheets: new Map(Object.entries(sheets).map(([title, rows]) => [title, rows.map((row) => [...row])])),
      owner: options.owner,
    };
    spreadsheets.set(spreadsheet.id, spreadsheet);
    return spreadsheet;
  }

  function rowsOf(spreadsheetId: string, sheet: string): string[][] {
    return (
      spreadsheets
        .get(spreadsheetId)
        ?.sheets.get(sheet)
        ?.map((row) => [...row]) ?? []
    );
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  const fake: FakeGoogle = {
    url,
    environment: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZATION_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
      GOOGLE_API_ROOT_URL: `${url}/`,
    },
    clientId,
    get account() {
      return account;
    },
    spreadsheets,
    calendars,
    requests,
    revokedTokens,
    issuedTokens: () => [...issued],
    seedSpreadsheet: seed,
    rows: rowsOf,
    setAccount(next) {
      account = next;
    },
    nextConsent(options) {
      pendingConsent = options;
    },
    revokeAll() {
      accessTokens.clear();
      refreshTokens.clear();
    },
    expireAccessTokens() {
      accessTokens.clear();
    },
    failRevocations(on) {
      revocationsFail = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

// ---------------------------------------------------------------- A1 notation

/** `'My sheet'!A1:C5`, `Sheet1!A:H`, `Sheet1`, `A1:B2`: the sheet (quotes undone) and the cells. */
function parseRange(raw: string): { sheet: string | undefined; cells: string } {
  if (raw.startsWith("'")) {
    let index = 1;
    let sheet = '';
    while (index < raw.length) {
      if (raw[index] === "'" && raw[index + 1] === "'") {
        sheet += "'";
        index += 2;
      } else if (raw[index] === "'") {
        break;
      } else {
        sheet += raw[index];
        index += 1;
      }
    }
    const rest = raw.slice(index + 1);
    return { sheet, cells: rest.startsWith('!') ? rest.slice(1) : rest };
  }
  const bang = raw.indexOf('!');
  return bang === -1 ? { sheet: undefined, cells: raw } : { sheet: raw.slice(0, bang), cells: raw.slice(bang + 1) };
}

interface CellWindow {
  startRow: number;
  startColumn: number;
  /** Inclusive, zero-based; undefined: to the end of the grid. */
  endRow: number | undefined;
  endColumn: number | undefined;
}

function parseCells(cells: string): CellWindow | null {
  if (cells === '') return { startRow: 0, startColumn: 0, endRow: undefined, endColumn: undefined };
  const [from = '', to = from, ...extra] = cells.toUpperCase().split(':');
  const start = /^([A-Z]*)(\d*)$/.exec(from);
  const end = /^([A-Z]*)(\d*)$/.exec(to);
  if (extra.length > 0 || !start || !end || from === '' || to === '') return null;
  return {
    startColumn: start[1] ? columnIndex(start[1]) : 0,
    startRow: start[2] ? Number(start[2]) - 1 : 0,
    endColumn: end[1] ? columnIndex(end[1]) : undefined,
    endRow: end[2] ? Number(end[2]) - 1 : undefined,
  };
}

function columnIndex(letters: string): number {
  return [...letters].reduce((index, letter) => index * 26 + (letter.charCodeAt(0) - 64), 0) - 1;
}

function columnLetters(index: number): string {
  let letters = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  return letters;
}

const a1 = (column: number, row: number) => `${columnLetters(Math.max(column, 0))}${Math.max(row, 0) + 1}`;

/** Google quotes a sheet title in a range unless it is plain letters, digits and underscores. */
function quoteSheet(title: string): string {
  return /^[A-Za-z0-9_]+$/.test(title) ? title : `'${title.replace(/'/g, "''")}'`;
}

/** A new sheet's grid is 1000 rows by 26 columns, and grows with what it holds. */
const gridRows = (rows: string[][]) => Math.max(1000, rows.length);
const gridColumns = (rows: string[][]) => Math.max(26, ...rows.map((row) => row.length));

function trimEnd<T>(items: T[], empty: (item: T) => boolean): T[] {
  let end = items.length;
  while (end > 0 && empty(items[end - 1]!)) end -= 1;
  return items.slice(0, end);
}

function transpose(rows: string[][]): string[][] {
  const width = Math.max(0, ...rows.map((row) => row.length));
  return Array.from({ length: width }, (_, column) =>
    trimEnd(
      rows.map((row) => row[column] ?? ''),
      (cell) => cell === '',
    ),
  );
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(body));
}

function text(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(body);
}
