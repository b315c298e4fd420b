// A small fake of Notion's API (version 2025-09-03) for the real @notionhq/client (`baseUrl`):
// databases with one data source each, querying their pages, and creating pages, recorded.
//
//   const notion = await startFakeNotion();
//   const server = await startTestServer({ NOTION_API_URL: notion.url });
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

type Properties = Record<string, { type: string; [key: string]: unknown }>;

/** The API version of @notionhq/client 5 (databases hold data sources; pages are queried per data source). */
const NOTION_VERSION = '2025-09-03';

export interface FakeNotionDatabase {
  id: string;
  dataSourceId: string;
  title: string;
  schema: Record<string, { type: string }>;
  pages: { id: string; properties: Properties }[];
}

export interface FakeNotion {
  url: string;
  apiKey: string;
  databases: Map<string, FakeNotionDatabase>;
  /** A database whose pages are given as plain values (title column first). */
  seedDatabase(
    title: string,
    schema: Record<string, 'title' | 'rich_text' | 'email' | 'phone_number' | 'url' | 'date' | 'number' | 'select'>,
    rows?: Record<string, string>[],
  ): FakeNotionDatabase;
  /** Adds a page (plain values, as for seedDatabase) to a seeded database. */
  addPage(databaseId: string, row: Record<string, string>): void;
  createdPages: { databaseId: string; properties: Record<string, any> }[];
  /** Every API request (not the /__fake ones): method, path and the Notion-Version header. */
  requests: { method: string; path: string; notionVersion: string | undefined }[];
  close(): Promise<void>;
}

/** A plain value as the property object Notion returns for that type. */
function propertyOf(type: string, value: string) {
  const text = [{ type: 'text', text: { content: value }, plain_text: value }];
  switch (type) {
    case 'title':
      return { type, title: text };
    case 'rich_text':
      return { type, rich_text: text };
    case 'number':
      return { type, number: Number(value) };
    case 'date':
      return { type, date: { start: value } };
    case 'select':
      return { type, select: { name: value } };
    default:
      return { type, [type]: value };
  }
}

export async function startFakeNotion(): Promise<FakeNotion> {
  const apiKey = `ntn_${randomBytes(12).toString('hex')}`;
  const databases = new Map<string, FakeNotionDatabase>();
  const createdPages: FakeNotion['createdPages'] = [];
  const requests: FakeNotion['requests'] = [];
  const bySource = (id: string) => [...databases.values()].find((database) => database.dataSourceId === id);

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const notFound = () =>
        reply(404, { object: 'error', status: 404, code: 'object_not_found', message: 'Could not find the database.' });
      const fakePath = new URL(request.url ?? '/', 'http://fake').pathname;
      // For suites that run the fake in another process (the browser e2e): seed and read over HTTP.
      if (fakePath === '/__fake/databases' && request.method === 'POST') {
        const seed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          title: string;
          schema: Parameters<FakeNotion['seedDatabase']>[1];
          rows?: Record<string, string>[];
        };
        return reply(201, { id: seedDatabase(seed.title, seed.schema, seed.rows).id });
      }
      if (fakePath === '/__fake/pages') return reply(200, { pages: createdPages });
      requests.push({
        method: request.method ?? 'GET',
        path: fakePath,
        notionVersion: request.headers['notion-version'] as string | undefined,
      });
      if (request.headers['notion-version'] !== NOTION_VERSION) {
        return reply(400, {
          object: 'error',
          status: 400,
          code: 'missing_version',
          message: `This fake speaks Notion-Version ${NOTION_VERSION} (data sources) only.`,
        });
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return reply(401, { object: 'error', status: 401, code: 'unauthorized', message: 'API token is invalid.' });
      }
      const path = new URL(request.url ?? '/', 'http://fake').pathname.replace(/^\/v1\//, '');
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      let match: RegExpExecArray | null;
      if ((match = /^databases\/([^/]+)$/.exec(path))) {
        const database = databases.get(match[1]!.replace(/-/g, ''));
        if (!database) return notFound();
        return reply(200, {
          object: 'database',
          id: database.id,
          title: [{ type: 'text', plain_text: database.title, text: { content: database.title } }],
          data_sources: [{ id: database.dataSourceId, name: database.title }],
        });
      }
      if ((match = /^data_sources\/([^/]+)\/query$/.exec(path))) {
        const database = bySource(match[1]!);
        if (!database) return notFound();
        return reply(200, {
          object: 'list',
          results: database.pages.map((page) => ({
            object: 'page',
            id: page.id,
            created_time: '2026-01-01T00:00:00.000Z',
            last_edited_time: '2026-01-01T00:00:00.000Z',
            archived: false,
            in_trash: false,
            url: `https://notion.so/${page.id}`,
            parent: { type: 'data_source_id', data_source_id: database.dataSourceId },
            properties: page.properties,
          })),
          next_cursor: null,
          has_more: false,
        });
      }
      if ((match = /^data_sources\/([^/]+)$/.exec(path))) {
        const database = bySource(match[1]!);
        if (!database) return notFound();
        return reply(200, { object: 'data_source', id: database.dataSourceId, properties: database.schema });
      }
      if (path === 'pages' && request.method === 'POST') {
        const database =
          bySource(body.parent?.data_source_id ?? '') ?? databases.get(String(body.parent?.database_id ?? '').replace(/-/g, ''));
        if (!database) return notFound();
        // As Notion does: every property must exist in the data source and be written as its type.
        for (const [name, value] of Object.entries((body.properties ?? {}) as Record<string, object>)) {
          const type = database.schema[name]?.type;
          if (!type || !(type in value)) {
            return reply(400, {
              object: 'error',
              status: 400,
              code: 'validation_error',
              message: type ? `${name} is expected to be ${type}.` : `${name} is not a property that exists.`,
            });
          }
        }
        createdPages.push({ databaseId: database.id, properties: body.properties ?? {} });
        return reply(200, { object: 'page', id: randomUUID(), properties: body.properties ?? {} });
      }
      return reply(404, { object: 'error', status: 404, code: 'invalid_request_url', message: `Unknown path ${path}` });
    });
  });
  const pageOf = (schema: FakeNotionDatabase['schema'], row: Record<string, string>) => ({
    id: randomUUID(),
    properties: Object.fromEntries(
      Object.entries(row).map(([name, value]) => [name, propertyOf(schema[name]?.type ?? 'rich_text', value)]),
    ),
  });
  const seedDatabase: FakeNotion['seedDatabase'] = (title, schema, rows = []) => {
    const id = randomBytes(16).toString('hex');
    const database: FakeNotionDatabase = {
      id,
      dataSourceId: randomUUID(),
      title,
      schema: Object.fromEntries(Object.entries(schema).map(([name, type]) => [name, { type }])),
      pages: [],
    };
    database.pages = rows.map((row) => pageOf(database.schema, row));
    databases.set(id, database);
    return database;
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    apiKey,
    databases,
    createdPages,
    requests,
    seedDatabase,
    addPage(databaseId, row) {
      const database = databases.get(databaseId.replace(/-/g, ''));
      if (!database) throw new Error(`No fake Notion database ${databaseId}`);
      database.pages.push(pageOf(database.schema, row));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
