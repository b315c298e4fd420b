import type { RecordSourceSelectorProxy } from 'relay-runtime';

/** Puts the crawl a mutation or subscription answered with (root field `field`) first in the bot's history, once. */
export function prependCrawl(store: RecordSourceSelectorProxy, botId: string, field: string): void {
  const crawl = store.getRootField(field);
  const bot = store.get(botId);
  if (!crawl || !bot || crawl.getType() !== 'WebSource') return;
  const history = bot.getLinkedRecords('webSources') ?? [];
  if (!history.some((entry) => entry?.getDataID() === crawl.getDataID())) bot.setLinkedRecords([crawl, ...history], 'webSources');
}
