import { databaseIdOf } from '../../relay/globalId.ts';
import { API_PREFIX } from '../../session/api.ts';
import { downloadAuthorized } from '../../session/download.ts';
import type { LogFilters } from './ChatLogFilters.tsx';

export function exportUrl(filters: LogFilters): string {
  const query = new URLSearchParams({ date_range: filters.dateRange });
  if (filters.search.trim()) query.set('search', filters.search.trim());
  if (filters.botId) query.set('bot_id', databaseIdOf(filters.botId));
  return `${API_PREFIX}/customer/chatlogs/export?${query}`;
}

/** Downloads the filtered logs as CSV. */
export function downloadChatLogsCsv(filters: LogFilters): Promise<void> {
  return downloadAuthorized(exportUrl(filters), 'chat-logs.csv', 'Failed to fetch chat logs');
}
