import { databaseIdOf } from '../../relay/globalId.ts';
import { API_PREFIX, authorizedFetch } from '../../session/api.ts';
import type { LogFilters } from './ChatLogFilters.tsx';

export function exportUrl(filters: LogFilters): string {
  const query = new URLSearchParams({ date_range: filters.dateRange });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.botId) query.set('bot_id', databaseIdOf(filters.botId));
  return `${API_PREFIX}/customer/chatlogs/export?${query}`;
}

/** Downloads the filtered logs as CSV (an authorised fetch, so not a plain link). */
export async function downloadChatLogsCsv(filters: LogFilters): Promise<void> {
  const response = await authorizedFetch(exportUrl(filters));
  if (!response.ok) throw new Error('Failed to fetch chat logs');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'chat-logs.csv';
  link.click();
  URL.revokeObjectURL(url);
}
