import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts.ts';
import { startFakeGoogle, type FakeGoogle } from '../../../test/fakeGoogle.ts';
import { connectGoogle, onServer } from '../../../test/googleConnect.ts';
import { api, graphql, startTestServer, type TestServer } from '../../../test/harness.ts';

let google: FakeGoogle;
let server: TestServer;

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startTestServer(google.environment);
});

afterAll(async () => {
  await server?.close();
  await google?.close();
});

const STATUS = `{ viewer { googleIntegration { sheetsConnected calendarConnected driveConnected account { name email picture } } } }`;

describe('connecting Google', () => {
  it('connects each service through the popup flow and reports the account', async () => {
    const customer = await signUp(server);
    const before = await api(server, 'GET', '/auth/google/status', { token: customer.accessToken });
    expect(before.body).toEqual({
      google_sheets_connected: false,
      google_drive_connected: false,
      google_calendar_connected: false,
      google_account: null,
    });

    const sheets = await connectGoogle(server, customer.accessToken, 'sheets');
    expect(sheets.status).toBe(200);
    expect(sheets.html).toContain('"type":"google-auth-success","source":"sheets"');
    expect(sheets.html).toContain('"http://app.test"');
    await connectGoogle(server, customer.accessToken, 'calendar');

    const status = await api(server, 'GET', '/auth/google/status', { token: customer.accessToken });
    expect(status.body).toEqual({
      google_sheets_connected: true,
      google_drive_connected: false,
      google_calendar_connected: true,
      google_account: { name: 'Olive Owner', email: 'owner@gmail.example', picture: 'https://example.org/olive.png' },
    });
    const viaGraphql = await graphql(server, STATUS, {}, customer.accessToken);
    expect(viaGraphql.data.viewer.googleIntegration).toMatchObject({
      sheetsConnected: true,
      calendarConnected: true,
      driveConnected: false,
    });

    const rows = await server.platform.prisma.googleIntegration.findMany({ where: { userId: customer.userId } });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.encryptedAccessToken).toMatch(/^v1\./);
      expect(row.encryptedAccessToken).not.toContain('ya29.');
      expect(row.encryptedRefreshToken).not.toContain('1//');
    }
    const events = await server.platform.prisma.systemEvent.findMany({ where: { userId: customer.userId, category: 'Integrations' } });
    expect(events.map((event) => event.event)).toEqual(
      expect.arrayContaining(['Google Sheets connected: owner@gmail.example', 'Google Calendar connected: owner@gmail.example']),
    );
  });

  it('refuses forged, expired, other-service and other-browser states with a clear 4xx', async () => {
    const customer = await signUp(server);
    const forged = await api(server, 'GET', `/auth/google/sheets?state=${customer.userId}`);
    expect(forged).toMatchObject({
      status: 400,
      body: { detail: 'This Google connection link is invalid. Start again from Settings › Integrations.' },
    });
    const missing = await api(server, 'GET', '/auth/google/sheets');
    expect(missing.status).toBe(400);

    const authorized = await graphql(
      server,
      `
        mutation {
          authorizeGoogle(service: sheets) {
            ... on GoogleAuthorization {
              url
            }
          }
        }
      `,
      {},
      customer.accessToken,
    );
    const url = new URL(authorized.data.authorizeGoogle.url);
    const otherService = await api(server, 'GET', `/auth/google/calendar${url.search}`);
    expect(otherService.status).toBe(400);

    const html = await fetch(onServer(server, `http://app.test/api/v1/auth/google/drive?state=nope`), { headers: { accept: 'text/html' } });
    expect(html.status).toBe(400);
    expect(await html.text()).toContain('"type":"google-auth-error"');

    // A callback without the browser's PKCE cookie (another browser, or a stolen link) connects nothing.
    const start = await fetch(onServer(server, url.toString()), { redirect: 'manual' });
    const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const foreign = await fetch(onServer(server, consent.headers.get('location')!), { redirect: 'manual' });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({ detail: 'The Google connection was started in another browser window. Please start again.' });

    server.clock.advance(11 * 60_000);
    const expired = await api(server, 'GET', `/auth/google/sheets${url.search}`);
    expect(expired).toMatchObject({
      status: 400,
      body: { detail: 'This Google connection link has expired. Start again from Settings › Integrations.' },
    });
    expect(await server.platform.prisma.googleIntegration.count({ where: { userId: customer.userId } })).toBe(0);

    const denied = await api(server, 'GET', `/auth/google/sheets/callback?error=access_denied&state=x`);
    expect(denied).toMatchObject({ status: 400, body: { detail: 'Google access was not granted.' } });
  });

  it('lists spreadsheets with their sheets and calendars of the connected account', async () => {
    const customer = await signUp(server);
    const notConnected = await api(server, 'GET', '/google/sheets', { token: customer.accessToken });
    expect(notConnected.body).toEqual({ connected: false, message: 'Google Sheets not connected', spreadsheets: [] });
    expect((await api(server, 'GET', '/google/calendar/list', { token: customer.accessToken })).body).toEqual({
      connected: false,
      calendars: [],
    });

    const catalog = google.seedSpreadsheet('Product catalog', { Products: [['Name', 'Price']], Archive: [] });
    await connectGoogle(server, customer.accessToken, 'sheets');
    await connectGoogle(server, customer.accessToken, 'calendar');
    const list = await api(server, 'GET', '/google/sheets', { token: customer.accessToken });
    expect(list.body.connected).toBe(true);
    expect(list.body.spreadsheets).toContainEqual({
      spreadsheet_id: catalog.id,
      spreadsheet_name: 'Product catalog',
      sheets: [{ sheet_title: 'Products' }, { sheet_title: 'Archive' }],
    });
    const viaGraphql = await graphql(
      server,
      `
        {
          viewer {
            googleSpreadsheets {
              connected
              spreadsheets {
                spreadsheetId
                spreadsheetName
                sheets {
                  sheetTitle
                }
              }
            }
          }
        }
      `,
      {},
      customer.accessToken,
    );
    expect(viaGraphql.data.viewer.googleSpreadsheets.spreadsheets).toContainEqual({
      spreadsheetId: catalog.id,
      spreadsheetName: 'Product catalog',
      sheets: [{ sheetTitle: 'Products' }, { sheetTitle: 'Archive' }],
    });
    const calendars = await api(server, 'GET', '/google/calendar/list', { token: customer.accessToken });
    expect(calendars.body).toEqual({
      connected: true,
      calendars: [
        { id: 'primary@example', summary: 'Olive Owner', primary: true },
        { id: 'team@example', summary: 'Team bookings', primary: false },
      ],
    });
  });

  it('refreshes an expired access token, and shows a revoked grant as disconnected', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'sheets');
    const { prisma } = server.platform;
    const before = await prisma.googleIntegration.findFirstOrThrow({ where: { userId: customer.userId } });
    await prisma.googleIntegration.update({ where: { id: before.id }, data: { expiresAt: new Date(server.clock.now().getTime() - 1000) } });
    expect((await api(server, 'GET', '/google/sheets', { token: customer.accessToken })).body.connected).toBe(true);
    const refreshed = await prisma.googleIntegration.findFirstOrThrow({ where: { userId: customer.userId } });
    expect(refreshed.encryptedAccessToken).not.toBe(before.encryptedAccessToken);
    expect(refreshed.expiresAt!.getTime()).toBeGreaterThan(server.clock.now().getTime());

    google.revokeAll();
    await prisma.googleIntegration.update({ where: { id: before.id }, data: { expiresAt: new Date(server.clock.now().getTime() - 1000) } });
    const status = await api(server, 'GET', '/auth/google/status', { token: customer.accessToken });
    expect(status).toMatchObject({ status: 200, body: { google_sheets_connected: false, google_account: null } });
  });

  it('disconnects, revoking the grant at Google', async () => {
    const customer = await signUp(server);
    await connectGoogle(server, customer.accessToken, 'sheets');
    const revokedBefore = google.revokedTokens.length;
    const response = await api(server, 'POST', '/auth/google/sheets/disconnect', { token: customer.accessToken });
    expect(response.status).toBe(200);
    expect(google.revokedTokens.length).toBe(revokedBefore + 1);
    expect((await api(server, 'GET', '/auth/google/status', { token: customer.accessToken })).body.google_sheets_connected).toBe(false);

    await connectGoogle(server, customer.accessToken, 'sheets');
    const viaGraphql = await graphql(
      server,
      `
        mutation {
          disconnectGoogle(service: sheets) {
            ... on User {
              googleIntegration {
                sheetsConnected
              }
            }
          }
        }
      `,
      {},
      customer.accessToken,
    );
    expect(viaGraphql.data.disconnectGoogle.googleIntegration.sheetsConnected).toBe(false);
  });

  it("keeps each customer's connections to themself", async () => {
    const owner = await signUp(server, 'Owner');
    const other = await signUp(server, 'Other');
    await connectGoogle(server, owner.accessToken, 'sheets');
    expect((await api(server, 'GET', '/auth/google/status', { token: other.accessToken })).body.google_sheets_connected).toBe(false);
    const peek = await graphql(
      server,
      `
        query ($id: ID!) {
          node(id: $id) {
            ... on User {
              googleIntegration {
                sheetsConnected
              }
            }
          }
        }
      `,
      { id: Buffer.from(`User:${owner.userId}`).toString('base64') },
      other.accessToken,
    );
    expect(peek.data?.node ?? null).toBeNull();
    const anonymous = await api(server, 'GET', '/auth/google/status');
    expect(anonymous).toMatchObject({ status: 401, body: { detail: 'Authentication required' } });
  });
});
