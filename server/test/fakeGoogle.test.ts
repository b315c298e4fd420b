// The fake answers the real Google clients the way Google does, so tests that pass against it mean
// something: these drive it with google-auth-library and @googleapis/sheets, as the product does.
import { sheets as sheetsApi, type sheets_v4 } from '@googleapis/sheets';
import { CodeChallengeMethod, OAuth2Client } from 'google-auth-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGoogle, type FakeGoogle } from './fakeGoogle.ts';

let google: FakeGoogle;
let sheets: sheets_v4.Sheets;
const REDIRECT = 'http://app.test/callback';

function client() {
  return new OAuth2Client({
    clientId: google.environment.GOOGLE_CLIENT_ID,
    clientSecret: google.environment.GOOGLE_CLIENT_SECRET,
    redirectUri: REDIRECT,
    endpoints: {
      oauth2AuthBaseUrl: google.environment.GOOGLE_AUTHORIZATION_URL!,
      oauth2TokenUrl: google.environment.GOOGLE_TOKEN_URL!,
      oauth2RevokeUrl: `${google.url}/revoke`,
    },
  });
}

async function signIn(scope: string[]) {
  const auth = client();
  const { codeVerifier, codeChallenge } = await auth.generateCodeVerifierAsync();
  const consent = await fetch(
    auth.generateAuthUrl({
      access_type: 'offline',
      scope,
      state: 's',
      code_challenge: codeChallenge!,
      code_challenge_method: CodeChallengeMethod.S256,
    }),
    { redirect: 'manual' },
  );
  const back = new URL(consent.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  expect(back.searchParams.get('state')).toBe('s');
  const { tokens } = await auth.getToken({ code: back.searchParams.get('code')!, codeVerifier });
  auth.setCredentials(tokens);
  return { auth, tokens, codeVerifier, code: back.searchParams.get('code')! };
}

beforeAll(async () => {
  google = await startFakeGoogle();
  const { auth } = await signIn(['openid', 'email', 'https://www.googleapis.com/auth/spreadsheets']);
  sheets = sheetsApi({ version: 'v4', auth, rootUrl: google.environment.GOOGLE_API_ROOT_URL });
});

afterAll(async () => {
  await google?.close();
});

const errorOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { response?: { status: number; data: unknown } }) => error.response,
  );

describe('the fake Google OAuth', () => {
  it('checks the PKCE verifier and lets a code work once', async () => {
    const auth = client();
    const { codeChallenge } = await auth.generateCodeVerifierAsync();
    const consent = await fetch(
      auth.generateAuthUrl({ scope: ['openid'], code_challenge: codeChallenge!, code_challenge_method: CodeChallengeMethod.S256 }),
      { redirect: 'manual' },
    );
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    expect(await errorOf(auth.getToken({ code, codeVerifier: 'x'.repeat(43) }))).toMatchObject({
      status: 400,
      data: { error: 'invalid_grant' },
    });
    const signedIn = await signIn(['openid']);
    expect(signedIn.tokens.refresh_token).toMatch(/^1\/\//);
    expect(await errorOf(client().getToken({ code: signedIn.code, codeVerifier: signedIn.codeVerifier }))).toMatchObject({ status: 400 });
  });

  it('refreshes until the grant is revoked, then answers invalid_grant', async () => {
    // Another account: revoking ends every grant of the account, the suite's own included.
    google.nextConsent({
      account: { sub: '7', email: 'revoker@gmail.example', name: 'Rita Revoker', picture: 'https://example.org/r.png' },
    });
    const { auth } = await signIn(['openid', 'email']);
    const before = auth.credentials.access_token;
    await auth.refreshAccessToken();
    expect(auth.credentials.access_token).not.toBe(before);
    await auth.revokeToken(auth.credentials.refresh_token!);
    expect(await errorOf(auth.refreshAccessToken())).toMatchObject({ status: 400, data: { error: 'invalid_grant' } });
  });
});

describe('the fake Sheets API', () => {
  it('reads a range in Google’s shape: trailing blanks trimmed, quoted titles, no values when empty', async () => {
    const sheet = google.seedSpreadsheet('Catalog', {
      'My products': [['Name', 'Price', ''], ['Lamp', '89'], ['', ''], []],
      Empty: [],
    });
    const all = await sheets.spreadsheets.values.get({ spreadsheetId: sheet.id, range: "'My products'" });
    expect(all.data).toEqual({
      range: "'My products'!A1:Z1000",
      majorDimension: 'ROWS',
      values: [
        ['Name', 'Price'],
        ['Lamp', '89'],
      ],
    });
    const column = await sheets.spreadsheets.values.get({ spreadsheetId: sheet.id, range: "'My products'!B2:B" });
    expect(column.data.values).toEqual([['89']]);
    const empty = await sheets.spreadsheets.values.get({ spreadsheetId: sheet.id, range: 'Empty!A:H' });
    expect(empty.data).toEqual({ range: 'Empty!A1:H1000', majorDimension: 'ROWS' });
  });

  it('refuses a range past the grid, an unknown sheet and an unknown spreadsheet', async () => {
    const sheet = google.seedSpreadsheet('Grid', { Data: [['a']] });
    expect(await errorOf(sheets.spreadsheets.values.get({ spreadsheetId: sheet.id, range: 'Data!A:ZZ' }))).toMatchObject({
      status: 400,
      data: { error: { status: 'INVALID_ARGUMENT', message: "Range ('Data'!A:ZZ) exceeds grid limits. Max rows: 1000, max columns: 26" } },
    });
    expect(await errorOf(sheets.spreadsheets.values.get({ spreadsheetId: sheet.id, range: 'Nope!A1' }))).toMatchObject({ status: 400 });
    expect(await errorOf(sheets.spreadsheets.values.get({ spreadsheetId: 'missing', range: 'Data' }))).toMatchObject({ status: 404 });
  });

  it('appends under the table and says where, as Google does', async () => {
    const sheet = google.seedSpreadsheet('Leads', {
      Leads: [
        ['Timestamp', 'Name'],
        ['t1', 'Ann'],
      ],
    });
    const appended = await sheets.spreadsheets.values.append({
      spreadsheetId: sheet.id,
      range: 'Leads!A:H',
      valueInputOption: 'RAW',
      insertDataOption: 'INSERT_ROWS',
      requestBody: { values: [['t2', 'Bob', 3, null]] },
    });
    expect(appended.data).toEqual({
      spreadsheetId: sheet.id,
      tableRange: 'Leads!A1:D2',
      updates: { spreadsheetId: sheet.id, updatedRange: 'Leads!A3:D3', updatedRows: 1, updatedColumns: 4, updatedCells: 4 },
    });
    expect(google.rows(sheet.id, 'Leads')).toEqual([
      ['Timestamp', 'Name'],
      ['t1', 'Ann'],
      ['t2', 'Bob', '3', ''],
    ]);
    expect(
      await errorOf(sheets.spreadsheets.values.append({ spreadsheetId: sheet.id, range: 'Leads!A:H', requestBody: { values: [['x']] } })),
    ).toMatchObject({ status: 400, data: { error: { message: "'valueInputOption' is required but not specified" } } });
  });

  it('lists the sheets of a spreadsheet and refuses a token without the scope', async () => {
    const sheet = google.seedSpreadsheet('Two tabs', { First: [], Second: [['x']] });
    const got = await sheets.spreadsheets.get({ spreadsheetId: sheet.id, fields: 'sheets.properties.title' });
    expect(got.data.sheets?.map((tab) => tab.properties?.title)).toEqual(['First', 'Second']);
    const { auth } = await signIn(['openid']);
    const unscoped = sheetsApi({ version: 'v4', auth, rootUrl: google.environment.GOOGLE_API_ROOT_URL });
    expect(await errorOf(unscoped.spreadsheets.get({ spreadsheetId: sheet.id }))).toMatchObject({
      status: 403,
      data: { error: { status: 'PERMISSION_DENIED' } },
    });
  });
});
