// A small fake of Google for tests and e2e runs: OAuth 2 (an authorize endpoint that consents at
// once and redirects back, the token endpoint with PKCE and refresh grants, userinfo, revoke) and the
// parts of Drive v3, Sheets v4 and Calendar v3 the product calls, over in-memory spreadsheets.
//
//   const google = await startFakeGoogle();
//   const server = await startTestServer(google.environment);
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface FakeSpreadsheet {
  id: string;
  name: string;
  sheets: Map<string, string[][]>;
}

export interface FakeGoogle {
  url: string;
  /** The server environment that points the product at this fake. */
  environment: Record<string, string>;
  account: { sub: string; email: string; name: string; picture: string };
  spreadsheets: Map<string, FakeSpreadsheet>;
  calendars: { id: string; summary: string; primary?: boolean }[];
  requests: { method: string; path: string }[];
  revokedTokens: string[];
  seedSpreadsheet(name: string, sheets: Record<string, string[][]>): FakeSpreadsheet;
  rows(spreadsheetId: string, sheet: string): string[][];
  /** Revokes every grant: refreshes fail with invalid_grant and access tokens with 401. */
  revokeAll(): void;
  close(): Promise<void>;
}

interface PendingCode {
  challenge: string;
  redirectUri: string;
  scope: string;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const clientId = 'fake-client.apps.googleusercontent.com';
  const clientSecret = 'fake-google-client-secret';
  const account = { sub: '1122334455', email: 'owner@gmail.example', name: 'Olive Owner', picture: 'https://example.org/olive.png' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const revokedTokens: string[] = [];
  const spreadsheets = new Map<string, FakeSpreadsheet>();
  const calendars = [
    { id: 'primary@example', summary: 'Olive Owner', primary: true },
    { id: 'team@example', summary: 'Team bookings' },
  ];
  const requests: { method: string; path: string }[] = [];

  const issueAccess = () => {
    const token = `ya29.${randomBytes(12).toString('hex')}`;
    accessTokens.add(token);
    return token;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        handle(request, response, Buffer.concat(chunks).toString('utf8'));
      } catch (error) {
        json(response, 500, { error: { message: String(error) } });
      }
    });
  });

  function handle(request: IncomingMessage, response: ServerResponse, body: string) {
    const url = new URL(request.url ?? '/', 'http://fake');
    const path = decodeURIComponent(url.pathname);
    requests.push({ method: request.method ?? 'GET', path });

    // For suites that run the fake in another process (the browser e2e): seed and read over HTTP.
    if (path === '/__fake/spreadsheets' && request.method === 'POST') {
      const { name, sheets } = JSON.parse(body) as { name: string; sheets: Record<string, string[][]> };
      return json(response, 201, { id: seed(name, sheets).id });
    }
    const rowsMatch = /^\/__fake\/spreadsheets\/([^/]+)\/([^/]+)$/.exec(path);
    if (rowsMatch) return json(response, 200, { rows: spreadsheets.get(rowsMatch[1]!)?.sheets.get(rowsMatch[2]!) ?? [] });

    if (path === '/o/oauth2/v2/auth') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      if (url.searchParams.get('client_id') !== clientId) return json(response, 400, { error: 'invalid_client' });
      if (url.searchParams.get('code_challenge_method') !== 'S256') return json(response, 400, { error: 'pkce_required' });
      const code = `code-${randomBytes(8).toString('hex')}`;
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri, scope: url.searchParams.get('scope') ?? '' });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      response.writeHead(302, { location: back.toString() });
      return response.end();
    }
    if (path === '/token' && request.method === 'POST') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
        return json(response, 401, { error: 'invalid_client' });
      if (form.get('grant_type') === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          !pending ||
          createHash('sha256').update(verifier).digest('base64url') !== pending.challenge ||
          form.get('redirect_uri') !== pending.redirectUri
        ) {
          return json(response, 400, { error: 'invalid_grant', error_description: 'Bad code or verifier' });
        }
        const refreshToken = `1//${randomBytes(12).toString('hex')}`;
        refreshTokens.add(refreshToken);
        return json(response, 200, {
          access_token: issueAccess(),
          refresh_token: refreshToken,
          expires_in: 3599,
          scope: pending.scope,
          token_type: 'Bearer',
        });
      }
      if (form.get('grant_type') === 'refresh_token') {
        if (!refreshTokens.has(form.get('refresh_token') ?? ''))
          return json(response, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        return json(response, 200, { access_token: issueAccess(), expires_in: 3599, token_type: 'Bearer' });
      }
      return json(response, 400, { error: 'unsupported_grant_type' });
    }
    if (path === '/revoke') {
      const token = url.searchParams.get('token') ?? new URLSearchParams(body).get('token') ?? '';
      revokedTokens.push(token);
      refreshTokens.delete(token);
      accessTokens.delete(token);
      return json(response, 200, {});
    }

    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!accessTokens.has(bearer))
      return json(response, 401, {
        error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' },
      });

    if (path === '/userinfo') return json(response, 200, { ...account, email_verified: true });
    if (path === '/drive/v3/files') {
      return json(response, 200, { files: [...spreadsheets.values()].map((sheet) => ({ id: sheet.id, name: sheet.name })) });
    }
    if (path === '/calendar/v3/users/me/calendarList') return json(response, 200, { items: calendars });

    const valuesMatch = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+?)(:append)?$/.exec(path);
    if (valuesMatch) {
      const spreadsheet = spreadsheets.get(valuesMatch[1]!);
      const sheetName = valuesMatch[2]!.split('!')[0]!.replace(/^'|'$/g, '');
      const rows = spreadsheet?.sheets.get(sheetName);
      if (!spreadsheet || !rows)
        return json(response, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } });
      if (valuesMatch[3]) {
        const appended = (JSON.parse(body || '{}') as { values?: unknown[][] }).values ?? [];
        rows.push(...appended.map((row) => row.map(String)));
        return json(response, 200, { spreadsheetId: spreadsheet.id, updates: { updatedRows: appended.length } });
      }
      return json(response, 200, { range: `${sheetName}!A1:Z${rows.length}`, majorDimension: 'ROWS', values: rows });
    }
    const spreadsheetMatch = /^\/v4\/spreadsheets\/([^/]+)$/.exec(path);
    if (spreadsheetMatch) {
      const spreadsheet = spreadsheets.get(spreadsheetMatch[1]!);
      if (!spreadsheet)
        return json(response, 404, { error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' } });
      return json(response, 200, {
        spreadsheetId: spreadsheet.id,
        properties: { title: spreadsheet.name },
        sheets: [...spreadsheet.sheets.keys()].map((title, index) => ({ properties: { sheetId: index, title } })),
      });
    }
    return json(response, 404, { error: { code: 404, message: `Unknown path ${path}` } });
  }

  let sheetSeq = 0;
  function seed(name: string, sheets: Record<string, string[][]>): FakeSpreadsheet {
    sheetSeq += 1;
    const spreadsheet = { id: `sheet${sheetSeq}${randomBytes(4).toString('hex')}`, name, sheets: new Map(Object.entries(sheets)) };
    spreadsheets.set(spreadsheet.id, spreadsheet);
    return spreadsheet;
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    url,
    environment: {
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_AUTHORIZATION_URL: `${url}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${url}/token`,
      GOOGLE_USERINFO_URL: `${url}/userinfo`,
      GOOGLE_API_ROOT_URL: `${url}/`,
    },
    account,
    spreadsheets,
    calendars,
    requests,
    revokedTokens,
    seedSpreadsheet: seed,
    rows: (spreadsheetId, sheet) => spreadsheets.get(spreadsheetId)?.sheets.get(sheet) ?? [],
    revokeAll() {
      refreshTokens.clear();
      accessTokens.clear();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
