import { resolveOffsetConnection } from '@pothos/plugin-relay';
import type { Page } from '../platform/paging.ts';

/** A connection over a service's offset pages, with the total the service counted alongside. */
export async function pagedConnection<Row>(
  args: { first?: number | null; last?: number | null; before?: string | null; after?: string | null },
  fetchPage: (page: Page) => Promise<{ rows: Row[]; total: number }>,
) {
  let total = 0;
  const connection = await resolveOffsetConnection({ args }, async (page) => {
    const result = await fetchPage(page);
    total = result.total;
    return result.rows;
  });
  return { ...connection, totalCount: total };
}
