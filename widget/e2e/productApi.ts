/** What a customer does in the product before pasting the snippet, over the REST API. */

async function call<T>(url: string, init: RequestInit & { accessToken?: string } = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.accessToken) headers.set('authorization', `Bearer ${init.accessToken}`);
  const response = await fetch(url, { ...init, headers });
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function logIn(productUrl: string, email: string, password: string): Promise<string> {
  const tokens = await call<{ access_token: string }>(`${productUrl}/api/v1/users/login`, json({ email, password }));
  return tokens.access_token;
}

export async function createBot(productUrl: string, accessToken: string, bot: Record<string, unknown>): Promise<string> {
  const created = await call<{ id: string }>(`${productUrl}/api/v1/bots/save`, { ...json(bot), accessToken });
  return created.id;
}

export async function uploadDocument(productUrl: string, accessToken: string, botId: string, fileName: string, text: string) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), fileName);
  await call(`${productUrl}/api/v1/bots/${botId}/documents`, { method: 'POST', body: form, accessToken });
}

/** Polls the bot until its documents are all processed; a failed one ends the wait. */
export async function waitForDocuments(productUrl: string, accessToken: string, botId: string): Promise<void> {
  for (;;) {
    const bot = await call<{ documents: { file_name: string; status: string; error_message: string | null }[] }>(
      `${productUrl}/api/v1/bots/${botId}`,
      { accessToken },
    );
    const failed = bot.documents.find((document) => document.status === 'failed');
    if (failed) throw new Error(`${failed.file_name} failed: ${failed.error_message}`);
    if (bot.documents.length > 0 && bot.documents.every((document) => document.status === 'completed')) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function deploy(productUrl: string, accessToken: string, botId: string): Promise<string> {
  const deployed = await call<{ embed_code: string }>(`${productUrl}/api/v1/deploybot/${botId}/deploy`, { method: 'POST', accessToken });
  return deployed.embed_code;
}

/** The ratings of the owner's latest answers, newest first, as the dashboard's chat logs read them. */
export async function latestRatings(
  productUrl: string,
  accessToken: string,
): Promise<{ rating: string | null; ratingComment: string | null }[]> {
  const query = '{ viewer { chatLogs(first: 5) { edges { node { rating ratingComment } } } } }';
  const answer = await call<{
    data: { viewer: { chatLogs: { edges: { node: { rating: string | null; ratingComment: string | null } }[] } } };
  }>(`${productUrl}/graphql`, { ...json({ query }), accessToken });
  return answer.data.viewer.chatLogs.edges.map((edge) => edge.node);
}

/** Turns on the bot's "Talk to a person" (any hour), as the editor's setting does. */
export async function enableTalkToPerson(productUrl: string, accessToken: string, botId: string): Promise<void> {
  const query = 'mutation ($botId: ID!) { setBotHandoff(botId: $botId, input: { enabled: true, openingHours: [] }) { __typename } }';
  const answer = await call<{ data: { setBotHandoff: { __typename: string } } }>(`${productUrl}/graphql`, {
    ...json({ query, variables: { botId: Buffer.from(`Bot:${botId}`).toString('base64') } }),
    accessToken,
  });
  if (answer.data.setBotHandoff.__typename !== 'Bot') throw new Error(`setBotHandoff answered ${JSON.stringify(answer.data)}`);
}

/** The signed-in customer's name, as the inbox signs their replies. */
export async function fullName(productUrl: string, accessToken: string): Promise<string> {
  return (await call<{ full_name: string }>(`${productUrl}/api/v1/users/me`, { accessToken })).full_name;
}
