import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn, signUp } from '../../../../test/accounts.ts';
import { startFakeGoogle, type FakeGoogle } from '../../../../test/fakeGoogle.ts';
import { authorizeGoogle, connectGoogle, onServer } from '../../../../test/googleConnect.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../../test/harness.ts';
import { ManualClock } from '../../../platform/clock/index.ts';
import { ConnectStates } from './googleState.ts';

let google: FakeGoogle;
let server: TestServer;
const OLIVE = { sub: '1122334455', email: 'owner@gmail.example', name: 'Olive Owner', picture: 'https://example.org/olive.png' };
const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer(google.environment);
});

afterEach(() => {
  google.setAccount(OLIVE);
  google.failRevocations(false);
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

const STATUS = `{ viewer { googleIntegration { sheetsConnected calendarConnected driveConnected account { name email picture } } } }`;
const SPREADSHEETS = `{ viewer { googleSpreadsheets { connected message spreadsheets { spreadsheetId spreadsheetName sheets { sheetTitle } } } } }`;

const status = async (token: string) => (await api(server, 'GET', '/auth/google/status', { token })).body;
const rowsOf = (userId: string) => server.platform.prisma.googleIntegration.findMany({ where: { userId } });
const integrationEvents = async (userId: string) =>
  (await server.platform.prisma.systemEvent.findMany({ where: { userId, category: 'integrations' }, orderBy: { timestamp: 'asc' } })).map(
    (event) => event.event,
  );
const USED = 'This Google connection link has already been used. Start again from Settings › Integrations.';
const tokenGrants = (grantType: string) => google.requests.filter((request) => request.grantType === grantType).length;

/** Walks the popup flow by hand up to Google's redirect back, for tests that tamper with the end of it. */
async function untilCallback(token: string, service: 'sheets' | 'calendar' | 'drive') {
  const url = await authorizeGoogle(server, token, service);
  const start = await fetch(onServer(server, url), { redirect: 'manual' });
  const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  return { url, cookie, callbackUrl: onServer(server, consent.headers.get('location')!) };
}

describe('connecting Google through the popup', () => {
  it('connects each service with PKCE and its own scopes, then reports the account', async () => {
    const customer = await signUp(server);
    expect(await status(customer.accessToken)).toEqual({
      google_sheets_connected: false,
      google_drive_connected: false,
      google_calendar_connected: false,
      google_account: null,
    });

    const sheets = await connectGoogle(server, customer.accessToken, 'sheets');
    // The state names no one in clear: it is sealed, and only this server opens it.
    const state = new URL(sheets.startUrl).searchParams.get('state')!;
    expect(sheets.startUrl).toMatch(/^http:\/\/app\.test\/api\/v1\/auth\/google\/sheets\?state=/);
    expect(state).not.toContain(customer.userId);
    expect(
      state
        .split('.')
        .map((part) => Buffer.from(part, 'base64url').toString('latin1'))
        .join(''),
    ).not.toContain(customer.userId);
    // To Google: the code flow with PKCE (S256), an offline grant, and the service's scopes.
    const consent = new URL(sheets.consentUrl).searchParams;
    expect(Object.fromEntries(consent)).toMatchObject({
      response_type: 'code',
      client_id: google.clientId,
      redirect_uri: 'http://app.test/api/v1/auth/google/sheets/callback',
      access_type: 'offline',
      code_challenge_method: 'S256',
      state,
    });
    expect(consent.get('scope')!.split(' ').sort()).toEqual(
      ['openid', 'email', 'profile', SHEETS_SCOPE, 'https://www.googleapis.com/auth/drive.metadata.readonly'].sort(),
    );
    // The verifier stays in this browser: a signed, httpOnly cookie for the callback only.
    expect(sheets.setCookie).toMatch(/HttpOnly/i);
    expect(sheets.setCookie).toMatch(/Path=\/api\/v1\/auth\/google/);
    expect(sheets.setCookie).toMatch(/SameSite=Lax/i);
    expect(sheets.consentUrl).not.toContain(sheets.cookie.split('=')[1]!.slice(0, 20));

    // The page tells the opener (the app's origin only) and closes; only its own script may run.
    expect(sheets.status).toBe(200);
    expect(sheets.headers.get('content-type')).toMatch(/^text\/html/);
    expect(sheets.html).toContain(`window.opener.postMessage({"type":"google-auth-success","source":"sheets"}, "http://app.test")`);
    expect(sheets.html).toContain('window.close()');
    const nonce = /<script nonce="([^"]+)">/.exec(sheets.html)?.[1];
    expect(sheets.headers.get('content-security-policy')).toBe(
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors 'none'`,
    );

    const calendar = await connectGoogle(server, customer.accessToken, 'calendar');
    expect(new URL(calendar.consentUrl).searchParams.get('scope')).toBe(
      'openid email profile https://www.googleapis.com/auth/calendar.readonly',
    );
    const drive = await connectGoogle(server, customer.accessToken, 'drive');
    expect(new URL(drive.consentUrl).searchParams.get('scope')).toBe('openid email profile https://www.googleapis.com/auth/drive.readonly');
    expect(drive.html).toContain('"source":"drive"');

    expect(await status(customer.accessToken)).toEqual({
      google_sheets_connected: true,
      google_drive_connected: true,
      google_calendar_connected: true,
      google_account: { name: 'Olive Owner', email: 'owner@gmail.example', picture: 'https://example.org/olive.png' },
    });
    expect(await integrationEvents(customer.userId)).toEqual([
      'Google Sheets connected: owner@gmail.example',
      'Google Calendar connected: owner@gmail.example',
      'Google Drive connected: owner@gmail.example',
    ]);
  });

  it('connects two services whose popups were started at the same time', async () => {
    const customer = await signUp(server);
    const sheets = await untilCallback(customer.accessToken, 'sheets');
    const calendar = await untilCallback(customer.accessToken, 'calendar');
    const cookie = `${sheets.cookie}; ${calendar.cookie}`;
    expect((await fetch(calendar.callbackUrl, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(sheets.callbackUrl, { headers: { cookie } })).status).toBe(200);
    expect(await status(customer.accessToken)).toMatchObject({ google_sheets_connected: true, google_calendar_connected: true });
  });

  it('keeps the tokens encrypted at rest', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'sheets');
    const rows = await rowsOf(customer.userId);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(
      await server.platform.prisma.$queryRaw`SELECT * FROM google_integrations WHERE "userId" = ${customer.userId}`,
    );
    for (const token of google.issuedTokens()) expect(stored).not.toContain(token);
    const { secrets } = server.platform;
    expect(google.issuedTokens()).toContain(secrets.decrypt(rows[0]!.encryptedAccessToken));
    expect(google.issuedTokens()).toContain(secrets.decrypt(rows[0]!.encryptedRefreshToken!));
    // Google's `expires_in` (3599 s), on the product's clock.
    const expiresIn = rows[0]!.expiresAt!.getTime() - server.clock.now().getTime();
    expect(expiresIn).toBeGreaterThan(3590_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);
  });

  it('gives a signed-in caller the popup link on the start route without a state', async () => {
    const customer = await signUp(server);
    const link = await api(server, 'GET', '/auth/google/calendar', { token: customer.accessToken });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^http:\/\/app\.test\/api\/v1\/auth\/google\/calendar\?state=.+/);
    expect(await api(server, 'GET', '/auth/google/calendar')).toMatchObject({
      status: 400,
      body: { detail: expect.stringContaining('invalid') },
    });
    expect(await api(server, 'GET', '/auth/google/photos', { token: customer.accessToken })).toMatchObject({
      status: 400,
      body: { detail: 'Unknown Google service: use sheets, calendar or drive.' },
    });
  });
});

describe('refusing a connection', () => {
  const INVALID = 'This Google connection link is invalid. Start again from Settings › Integrations.';

  it('refuses a bare user id, a tampered, foreign-keyed or other-service state with 400', async () => {
    const customer = await signUp(server);
    const url = new URL(await authorizeGoogle(server, customer.accessToken, 'sheets'));
    const state = url.searchParams.get('state')!;
    const tampered = `${state.slice(0, -4)}${state.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const foreignKeyed = (
      await new ConnectStates('another-secret-that-is-long-enough', new ManualClock(server.clock.now())).seal(customer.userId, 'sheets')
    ).state;
    for (const forged of [customer.userId, tampered, foreignKeyed, '']) {
      const response = await api(server, 'GET', `/auth/google/sheets?state=${encodeURIComponent(forged)}`);
      expect(response, forged).toMatchObject({ status: 400, body: { detail: INVALID } });
    }
    expect(await api(server, 'GET', `/auth/google/calendar${url.search}`)).toMatchObject({ status: 400, body: { detail: INVALID } });

    // In the popup (a browser asks for HTML): a page that says so and tells the opener.
    const page = await fetch(`${server.url}/api/v1/auth/google/drive?state=nope`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('"type":"google-auth-error","source":"drive"');
    expect(html).toContain('This Google connection link is invalid.');
    expect(await rowsOf(customer.userId)).toEqual([]);
  });

  it("refuses a callback finished in another browser, or with another customer's flow", async () => {
    const victim = await signUp(server, 'Victim');
    const attacker = await signUp(server, 'Attacker');
    const victimFlow = await untilCallback(victim.accessToken, 'sheets');
    const attackerFlow = await untilCallback(attacker.accessToken, 'sheets');
    const MISMATCH = 'The Google connection was started in another browser window. Please start again.';

    // No cookie (a link opened elsewhere), or the attacker's cookie on the victim's callback, and the reverse.
    for (const [callbackUrl, cookie] of [
      [victimFlow.callbackUrl, ''],
      [victimFlow.callbackUrl, attackerFlow.cookie],
      [attackerFlow.callbackUrl, victimFlow.cookie],
    ] as const) {
      const response = await fetch(callbackUrl, { redirect: 'manual', headers: cookie ? { cookie } : {} });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ detail: MISMATCH });
    }
    expect(await rowsOf(victim.userId)).toEqual([]);
    expect(await rowsOf(attacker.userId)).toEqual([]);
  });

  it('refuses an expired state, a replayed callback, a denied consent and unticked scopes', async () => {
    const customer = await signUp(server);
    const stale = await untilCallback(customer.accessToken, 'sheets');
    server.clock.advance(11 * 60_000);
    const EXPIRED = 'This Google connection link has expired. Start again from Settings › Integrations.';
    expect(await api(server, 'GET', `/auth/google/sheets${new URL(stale.url).search}`)).toMatchObject({
      status: 400,
      body: { detail: EXPIRED },
    });
    const late = await fetch(stale.callbackUrl, { headers: { cookie: stale.cookie } });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ detail: EXPIRED });

    // A callback works once: the same one again is refused before Google is asked for its (spent) code.
    const flow = await untilCallback(customer.accessToken, 'sheets');
    expect((await fetch(flow.callbackUrl, { headers: { cookie: flow.cookie } })).status).toBe(200);
    const exchanges = tokenGrants('authorization_code');
    const replay = await fetch(flow.callbackUrl, { headers: { cookie: flow.cookie } });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ detail: USED });
    expect(tokenGrants('authorization_code')).toBe(exchanges);
    await api(server, 'POST', '/auth/google/sheets/disconnect', { token: customer.accessToken });

    google.nextConsent({ deny: true });
    const denied = await connectGoogle(server, customer.accessToken, 'calendar');
    expect(denied.status).toBe(400);
    expect(denied.html).toContain('Google access was not granted.');
    expect(denied.html).toContain('"type":"google-auth-error","source":"calendar"');

    google.nextConsent({ withholdScopes: [SHEETS_SCOPE] });
    const partial = await connectGoogle(server, customer.accessToken, 'sheets');
    expect(partial.status).toBe(400);
    expect(partial.html).toContain('Google Sheets needs the access you unticked');
    expect(await rowsOf(customer.userId)).toEqual([]);
  });

  it('refuses a used state, with its cookie and a new code from Google, without replacing the connection, on any replica', async () => {
    // Two replicas sharing the database and Redis, as an installation that scales out runs them.
    const redis = { ...google.environment, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: `test-connect-states-${Date.now()}` };
    const first = await startTestServer(redis, { shareDatabaseWith: server });
    const second = await startTestServer(redis, { shareDatabaseWith: server });
    try {
      const customer = await signUp(first);
      const url = await authorizeGoogle(first, customer.accessToken, 'sheets');
      const start = await fetch(onServer(first, url), { redirect: 'manual' });
      const cookie = (start.headers.get('set-cookie') ?? '').split(';')[0]!;
      const consentUrl = start.headers.get('location')!;
      const callbackUrl = (await fetch(consentUrl, { redirect: 'manual' })).headers.get('location')!;
      expect((await fetch(onServer(first, callbackUrl), { headers: { cookie } })).status).toBe(200);
      expect((await rowsOf(customer.userId)).map((row) => row.accountEmail)).toEqual([OLIVE.email]);

      // Whoever holds the spent state and its cookie goes through consent again, as another account, for a new code.
      google.setAccount({ sub: '99887766', email: 'intruder@gmail.example', name: 'Intruder', picture: 'https://example.org/i.png' });
      const freshCallbackUrl = (await fetch(consentUrl, { redirect: 'manual' })).headers.get('location')!;
      expect(new URL(freshCallbackUrl).searchParams.get('code')).not.toBe(new URL(callbackUrl).searchParams.get('code'));
      for (const replica of [first, second]) {
        const replayed = await fetch(onServer(replica, freshCallbackUrl), { headers: { cookie } });
        expect(replayed.status).toBe(400);
        expect(await replayed.json()).toEqual({ detail: USED });
      }
      expect((await rowsOf(customer.userId)).map((row) => row.accountEmail)).toEqual([OLIVE.email]);
    } finally {
      await second.close();
      await first.close();
    }
  });
});

describe('using a connection', () => {
  it('lists the spreadsheets (with their sheets) and the calendars of the connected account only', async () => {
    const customer = await signUp(server);
    expect((await api(server, 'GET', '/google/sheets', { token: customer.accessToken })).body).toEqual({
      connected: false,
      message: 'Google Sheets not connected',
      spreadsheets: [],
    });
    expect((await api(server, 'GET', '/google/calendar/list', { token: customer.accessToken })).body).toEqual({
      connected: false,
      calendars: [],
    });

    const catalog = google.seedSpreadsheet('Product catalog', { Products: [['Name', 'Price']], Archive: [] }, { owner: OLIVE.email });
    const someoneElses = google.seedSpreadsheet('Not yours', { Secret: [['x']] }, { owner: 'stranger@gmail.example' });
    await connectGoogle(server, customer.accessToken, 'sheets');
    await connectGoogle(server, customer.accessToken, 'calendar');
    const list = await api(server, 'GET', '/google/sheets', { token: customer.accessToken });
    expect(list.body).toMatchObject({ connected: true, message: 'Spreadsheets loaded' });
    expect(list.body.spreadsheets).toContainEqual({
      spreadsheet_id: catalog.id,
      spreadsheet_name: 'Product catalog',
      sheets: [{ sheet_title: 'Products' }, { sheet_title: 'Archive' }],
    });
    expect(JSON.stringify(list.body)).not.toContain(someoneElses.id);
    const driveCall = google.requests.findLast((request) => request.path === '/drive/v3/files')!;
    expect(driveCall.query.q).toContain("mimeType='application/vnd.google-apps.spreadsheet'");
    expect(google.requests.findLast((request) => request.path === `/v4/spreadsheets/${catalog.id}`)!.query.fields).toBe(
      'sheets.properties.title',
    );

    const viaGraphql = await graphql(server, SPREADSHEETS, {}, customer.accessToken);
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.viewer.googleSpreadsheets.spreadsheets).toContainEqual({
      spreadsheetId: catalog.id,
      spreadsheetName: 'Product catalog',
      sheets: [{ sheetTitle: 'Products' }, { sheetTitle: 'Archive' }],
    });

    expect((await api(server, 'GET', '/google/calendar/list', { token: customer.accessToken })).body).toEqual({
      connected: true,
      calendars: [
        { id: 'primary@example', summary: 'Olive Owner', primary: true },
        { id: 'team@example', summary: 'Team bookings', primary: false },
      ],
    });
  });

  it('refreshes an expired access token when the clock passes its expiry, and stores the new one encrypted', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'sheets');
    const [before] = await rowsOf(customer.userId);
    const refreshes = tokenGrants('refresh_token');

    expect((await api(server, 'GET', '/google/sheets', { token: customer.accessToken })).body.connected).toBe(true);
    expect(tokenGrants('refresh_token')).toBe(refreshes); // still fresh: no refresh

    server.clock.advance(60 * 60_000);
    const { accessToken: token } = await logIn(server, customer.email, customer.password); // the product's own token expired too
    expect((await api(server, 'GET', '/google/sheets', { token })).body.connected).toBe(true);
    expect(tokenGrants('refresh_token')).toBe(refreshes + 1);
    const [after] = await rowsOf(customer.userId);
    const accessToken = server.platform.secrets.decrypt(after!.encryptedAccessToken);
    expect(accessToken).not.toBe(server.platform.secrets.decrypt(before!.encryptedAccessToken));
    expect(google.issuedTokens().at(-1)).toBe(accessToken);
    expect(after!.expiresAt!.getTime()).toBeGreaterThan(server.clock.now().getTime() + 59 * 60_000);
    expect(after!.encryptedRefreshToken).toBe(before!.encryptedRefreshToken);
  });

  it('stores the token google-auth-library refreshes itself when Google refuses an access token early', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'calendar');
    const [before] = await rowsOf(customer.userId);
    google.expireAccessTokens();
    expect((await api(server, 'GET', '/google/calendar/list', { token: customer.accessToken })).body.connected).toBe(true);
    await expect.poll(async () => (await rowsOf(customer.userId))[0]!.encryptedAccessToken).not.toBe(before!.encryptedAccessToken);
    const [after] = await rowsOf(customer.userId);
    expect(google.issuedTokens()).toContain(server.platform.secrets.decrypt(after!.encryptedAccessToken));
  });

  it('shows a grant revoked at Google as disconnected, not as an error', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'sheets');
    await connectGoogle(server, customer.accessToken, 'calendar');
    google.revokeAll();

    // Before the access token expires: the first call refused, the refresh refused too.
    const list = await api(server, 'GET', '/google/sheets', { token: customer.accessToken });
    expect(list).toMatchObject({ status: 200, body: { connected: false, message: 'Google Sheets not connected', spreadsheets: [] } });
    // Once expired: the refresh is refused.
    server.clock.advance(60 * 60_000);
    const { accessToken: token } = await logIn(server, customer.email, customer.password);
    expect(await status(token)).toEqual({
      google_sheets_connected: false,
      google_drive_connected: false,
      google_calendar_connected: false,
      google_account: null,
    });
    expect((await api(server, 'GET', '/google/calendar/list', { token })).body).toEqual({ connected: false, calendars: [] });
    expect(await rowsOf(customer.userId)).toEqual([]);
    expect(await integrationEvents(customer.userId)).toEqual(
      expect.arrayContaining(['Google Sheets disconnected: owner@gmail.example', 'Google Calendar disconnected: owner@gmail.example']),
    );
    expect(await server.services.google.authorizedClient(customer.userId, 'sheets')).toBeNull();
  });
});

describe('disconnecting', () => {
  it('revokes the grant at Google once no other service uses the account, and forgets the tokens', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'sheets');
    await connectGoogle(server, customer.accessToken, 'calendar');
    const revoked = google.revokedTokens.length;

    const sheets = await api(server, 'POST', '/auth/google/sheets/disconnect', { token: customer.accessToken });
    expect(sheets.status).toBe(200);
    // Google would end the calendar's access too: the grant stays while the calendar uses it.
    expect(google.revokedTokens).toHaveLength(revoked);
    expect(await status(customer.accessToken)).toMatchObject({ google_sheets_connected: false, google_calendar_connected: true });
    expect((await api(server, 'GET', '/google/calendar/list', { token: customer.accessToken })).body.connected).toBe(true);

    const [calendarRow] = await rowsOf(customer.userId);
    await api(server, 'POST', '/auth/google/calendar/disconnect', { token: customer.accessToken });
    expect(google.revokedTokens).toEqual([
      ...google.revokedTokens.slice(0, revoked),
      server.platform.secrets.decrypt(calendarRow!.encryptedRefreshToken!),
    ]);
    expect(await rowsOf(customer.userId)).toEqual([]);
    expect((await status(customer.accessToken)).google_account).toBeNull();
  });

  it('disconnects here even when Google does not answer the revocation', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'sheets');
    google.failRevocations(true);
    expect((await api(server, 'POST', '/auth/google/sheets/disconnect', { token: customer.accessToken })).status).toBe(200);
    expect(await rowsOf(customer.userId)).toEqual([]);
    // Disconnecting what is not connected is fine too.
    expect((await api(server, 'POST', '/auth/google/sheets/disconnect', { token: customer.accessToken })).status).toBe(200);
  });
});

describe('GraphQL', () => {
  it('connects, reports and disconnects through the viewer', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'drive');
    const viaGraphql = await graphql(server, STATUS, {}, customer.accessToken);
    expect(viaGraphql.errors).toBeUndefined();
    expect(viaGraphql.data.viewer.googleIntegration).toEqual({
      sheetsConnected: false,
      calendarConnected: false,
      driveConnected: true,
      account: { name: 'Olive Owner', email: 'owner@gmail.example', picture: 'https://example.org/olive.png' },
    });
    const disconnected = await graphql(
      server,
      `
        mutation {
          disconnectGoogle(service: drive) {
            __typename
            ... on User {
              googleIntegration {
                driveConnected
                account {
                  email
                }
              }
            }
          }
        }
      `,
      {},
      customer.accessToken,
    );
    expect(disconnected.errors).toBeUndefined();
    expect(disconnected.data.disconnectGoogle).toEqual({ __typename: 'User', googleIntegration: { driveConnected: false, account: null } });
  });

  it('refuses anonymous callers', async () => {
    const anonymous = await graphql(
      server,
      `
        mutation {
          authorizeGoogle(service: sheets) {
            __typename
          }
        }
      `,
    );
    expect(anonymous.data ?? null).toBeNull();
    expect(anonymous.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'AUTHENTICATION_REQUIRED' }) }),
    ]);
    expect(await api(server, 'GET', '/auth/google/status')).toMatchObject({ status: 401, body: { detail: 'Authentication required' } });
    expect(await api(server, 'GET', '/google/sheets')).toMatchObject({ status: 401, body: { detail: 'Authentication required' } });
    expect(await api(server, 'POST', '/auth/google/sheets/disconnect')).toMatchObject({ status: 401 });
  });

  it("keeps each customer's connections and spreadsheets to themself", async () => {
    const owner = await signUp(server, 'Owner');
    const other = await signUp(server, 'Other');
    const ownersSheet = google.seedSpreadsheet('Owner leads', { Leads: [['Name']] }, { owner: OLIVE.email });
    await connectGoogle(server, owner.accessToken, 'sheets');
    google.setAccount({ sub: '99', email: 'other@gmail.example', name: 'Otto Other', picture: 'https://example.org/otto.png' });
    const othersSheet = google.seedSpreadsheet('Other leads', { Leads: [['Name']] }, { owner: 'other@gmail.example' });
    await connectGoogle(server, other.accessToken, 'sheets');

    expect((await status(owner.accessToken)).google_account.email).toBe('owner@gmail.example');
    expect((await status(other.accessToken)).google_account.email).toBe('other@gmail.example');
    const othersList = await graphql(server, SPREADSHEETS, {}, other.accessToken);
    const ids = othersList.data.viewer.googleSpreadsheets.spreadsheets.map((sheet: { spreadsheetId: string }) => sheet.spreadsheetId);
    expect(ids).toContain(othersSheet.id);
    expect(ids).not.toContain(ownersSheet.id);

    // Another customer cannot reach the owner's user node (and so its Google fields) at all.
    const peek = await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            ... on User {
              googleIntegration {
                sheetsConnected
                account {
                  email
                }
              }
            }
          }
        }
      `,
      { id: Buffer.from(`User:${owner.userId}`).toString('base64') },
      other.accessToken,
    );
    expect(peek.errors).toBeUndefined();
    expect(peek.data).toEqual({ node: null });

    // Disconnecting is the caller's own connection only.
    await graphql(
      server,
      `
        mutation {
          disconnectGoogle(service: sheets) {
            __typename
          }
        }
      `,
      {},
      other.accessToken,
    );
    expect((await status(owner.accessToken)).google_sheets_connected).toBe(true);
    expect((await status(other.accessToken)).google_sheets_connected).toBe(false);
  });

  it('hides a customer’s Google fields from an admin who can see the user', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'sheets');
    const admin = await api(server, 'POST', '/users/login', { body: { email: 'admin@example.com', password: 'admin-demo-2026' } });
    const peek = await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            ... on User {
              email
              googleIntegration {
                sheetsConnected
              }
            }
          }
        }
      `,
      { id: Buffer.from(`User:${customer.userId}`).toString('base64') },
      admin.body.access_token,
    );
    expect(peek.data?.node ?? null).toBeNull();
    expect(peek.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
  });
});
