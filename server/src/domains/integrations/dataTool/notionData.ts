// The bot's Notion data tool over the real @notionhq/client: a read database's pages as knowledge
// text, and a page per lead in the write database (properties matched by type and name).
import { APIResponseError, Client, extractDatabaseId, isFullPage, LogLevel } from '@notionhq/client';
import type { Logger } from 'pino';
import type { LeadRow } from '../leads/leadsRules.ts';

type PropertyValue = { type: string; [key: string]: unknown };

/** One property's value as plain text, whatever its type. */
function propertyText(value: PropertyValue): string {
  const richText = (items: unknown) => ((items as { plain_text?: string }[]) ?? []).map((item) => item.plain_text ?? '').join('');
  switch (value.type) {
    case 'title':
    case 'rich_text':
      return richText(value[value.type]);
    case 'number':
      return value.number === null || value.number === undefined ? '' : String(value.number);
    case 'select':
    case 'status':
      return (value[value.type] as { name?: string } | null)?.name ?? '';
    case 'multi_select':
      return ((value.multi_select as { name: string }[]) ?? []).map((option) => option.name).join(', ');
    case 'date':
      return (value.date as { start?: string } | null)?.start ?? '';
    case 'checkbox':
      return value.checkbox ? 'yes' : 'no';
    case 'email':
    case 'phone_number':
    case 'url':
      return (value[value.type] as string | null) ?? '';
    default:
      return '';
  }
}

export interface NotionPageText {
  title: string;
  lines: string[];
}

export class NotionData {
  constructor(
    private readonly baseUrl: string | undefined,
    private readonly logger: Logger,
  ) {}

  private client(apiKey: string): Client {
    return new Client({
      auth: apiKey,
      timeoutMs: 15_000,
      retry: { maxRetries: 1 },
      // The client's own warnings (a refused request) go to the service's log, not to the console.
      logLevel: LogLevel.WARN,
      logger: (level, message, extraInfo) =>
        this.logger[level === LogLevel.ERROR ? 'error' : level === LogLevel.WARN ? 'warn' : 'debug'](extraInfo, `notion: ${message}`),
      ...(this.baseUrl ? { baseUrl: this.baseUrl } : {}),
    });
  }

  /** The database's title and its pages, each as "property: value" lines. */
  async readDatabase(apiKey: string, databaseId: string): Promise<{ title: string; pages: NotionPageText[] }> {
    const notion = this.client(apiKey);
    const database = (await notion.databases.retrieve({ database_id: databaseId })) as {
      title?: { plain_text?: string }[];
      data_sources?: { id: string }[];
    };
    const title = (database.title ?? []).map((part) => part.plain_text ?? '').join('') || 'Notion database';
    const pages: NotionPageText[] = [];
    for (const source of database.data_sources ?? []) {
      let cursor: string | undefined;
      do {
        const response = await notion.dataSources.query({ data_source_id: source.id, start_cursor: cursor, page_size: 100 });
        for (const page of response.results) {
          if (!isFullPage(page)) continue;
          const entries = Object.entries(page.properties as Record<string, PropertyValue>);
          const titleEntry = entries.find(([, value]) => value.type === 'title');
          const lines = entries.map(([name, value]) => [name, propertyText(value)] as const).filter(([, text]) => text !== '');
          pages.push({ title: titleEntry ? propertyText(titleEntry[1]) : page.id, lines: lines.map(([name, text]) => `${name}: ${text}`) });
        }
        cursor = response.has_more ? (response.next_cursor ?? undefined) : undefined;
      } while (cursor && pages.length < 2000);
    }
    return { title, pages };
  }

  /** Creates a page for the lead in the write database, filling the properties it has. */
  async createLeadPage(apiKey: string, databaseId: string, lead: LeadRow): Promise<void> {
    const notion = this.client(apiKey);
    const database = (await notion.databases.retrieve({ database_id: databaseId })) as { data_sources?: { id: string }[] };
    const sourceId = database.data_sources?.[0]?.id;
    if (!sourceId) throw new Error('The Notion write database has no data source');
    const source = (await notion.dataSources.retrieve({ data_source_id: sourceId })) as { properties?: Record<string, { type: string }> };
    const properties: Record<string, unknown> = {};
    const text = (content: string) => [{ type: 'text', text: { content: content.slice(0, 2000) } }];
    for (const [name, { type }] of Object.entries(source.properties ?? {})) {
      const key = name.toLowerCase();
      if (type === 'title') properties[name] = { title: text(lead.name || lead.email || lead.phone || 'New lead') };
      else if (type === 'email' && lead.email) properties[name] = { email: lead.email };
      else if (type === 'phone_number' && lead.phone) properties[name] = { phone_number: lead.phone };
      else if (type === 'url' && lead.conversationLink) properties[name] = { url: lead.conversationLink };
      else if (type === 'date') properties[name] = { date: { start: lead.timestamp } };
      else if (type === 'select' && /channel/.test(key)) properties[name] = { select: { name: lead.channel } };
      else if (type === 'rich_text') {
        const value = /question|message|request/.test(key)
          ? lead.question
          : /channel/.test(key)
            ? lead.channel
            : /bot/.test(key)
              ? lead.bot
              : /mail/.test(key)
                ? lead.email
                : /phone|tel/.test(key)
                  ? lead.phone
                  : /link|conversation/.test(key)
                    ? lead.conversationLink
                    : null;
        if (value) properties[name] = { rich_text: text(value) };
      }
    }
    await notion.pages.create({ parent: { type: 'data_source_id', data_source_id: sourceId }, properties } as Parameters<
      Client['pages']['create']
    >[0]);
  }
}

/**
 * A database id as stored: 32 lowercase hex digits. Accepts the id with or without dashes, or the
 * database's link (the id is the 32 hex digits at the end of its path). Null for anything else.
 */
export function notionDatabaseId(input: string): string | null {
  const value = input.trim();
  const id = /^https?:\/\//i.test(value) ? extractDatabaseId(value) : value;
  const compact = id?.replace(/-/g, '').toLowerCase() ?? '';
  return /^[0-9a-f]{32}$/.test(compact) ? compact : null;
}

/** Notion is busy or down (rate limit, server error): worth another try later. */
export function notionTransient(error: unknown): boolean {
  return error instanceof APIResponseError && (error.status === 429 || error.status >= 500);
}

/** Notion's refusal as words a customer can act on. */
export function notionProblem(error: unknown): string | null {
  if (!(error instanceof APIResponseError)) return null;
  if (error.status === 401) return 'Notion refused the API key. Check the integration secret and save it again.';
  if (error.status === 404) return 'Notion cannot find that database. Share it with your integration and check its id.';
  return `Notion answered: ${error.message}`;
}
