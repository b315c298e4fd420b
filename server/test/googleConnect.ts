import { graphql, type TestServer } from './harness.ts';

/** The server's own address for a link built on PUBLIC_URL (http://app.test in tests). */
export function onServer(server: TestServer, link: string): string {
  const url = new URL(link);
  return `${server.url}${url.pathname}${url.search}`;
}

/** authorizeGoogle's link for a service (the popup's address), or an error when it gave none. */
export async function authorizeGoogle(server: TestServer, token: string, service: 'sheets' | 'calendar' | 'drive'): Promise<string> {
  const authorized = await graphql<{ authorizeGoogle: { url?: string; message?: string } }>(
    server,
    `
      mutation ($service: GoogleService!) {
        authorizeGoogle(service: $service) {
          ... on GoogleAuthorization {
            url
          }
          ... on Error {
            message
          }
        }
      }
    `,
    { service },
    token,
  );
  const url = authorized.data?.authorizeGoogle.url;
  if (!url) throw new Error(`authorizeGoogle failed: ${JSON.stringify(authorized)}`);
  return url;
}

/**
 * Connects a Google service the way the settings popup does: authorizeGoogle, the start route (which
 * sets the PKCE cookie), Google's consent (the fake redirects straight back) and the callback page.
 */
export async function connectGoogle(server: TestServer, token: string, service: 'sheets' | 'calendar' | 'drive') {
  const startUrl = await authorizeGoogle(server, token, service);
  const start = await fetch(onServer(server, startUrl), { redirect: 'manual', headers: { accept: 'text/html' } });
  if (start.status !== 302) throw new Error(`start answered ${start.status}: ${await start.text()}`);
  const setCookie = start.headers.get('set-cookie') ?? '';
  const cookie = setCookie.split(';')[0]!;
  const consentUrl = start.headers.get('location')!;
  const consent = await fetch(consentUrl, { redirect: 'manual' });
  const callbackUrl = consent.headers.get('location');
  if (consent.status !== 302 || !callbackUrl) throw new Error(`consent answered ${consent.status}: ${await consent.text()}`);
  const callback = await fetch(onServer(server, callbackUrl), { redirect: 'manual', headers: { cookie, accept: 'text/html' } });
  return {
    status: callback.status,
    headers: callback.headers,
    html: await callback.text(),
    callbackUrl,
    consentUrl,
    cookie,
    setCookie,
    startUrl,
  };
}
