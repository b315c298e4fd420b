import { databaseIdOf } from '../../relay/globalId.ts';
import { API_PREFIX } from '../../session/api.ts';
import { downloadAuthorized } from '../../session/download.ts';
import type { LogFilters } from '../logs/ChatLogFilters.tsx';
import type { AttentionOrder } from './__generated__/NeedsAttentionListRefetchQuery.graphql.ts';

export interface AttentionFilters extends LogFilters {
  order: AttentionOrder;
}

export function attentionExportUrl(filters: AttentionFilters): string {
  const query = new URLSearchParams({ date_range: filters.dateRange, order: filters.order.toLowerCase() });
  if (filters.botId) query.set('bot_id', databaseIdOf(filters.botId));
  return `${API_PREFIX}/customer/needs-attention/export?${query}`;
}

/** Downloads needs attention, as filtered, as CSV. */
export function downloadNeedsAttentionCsv(filters: AttentionFilters): Promise<void> {
  return downloadAuthorized(attentionExportUrl(filters), 'needs-attention.csv', 'Failed to fetch the questions that need attention');
}
