// Calendar periods the dashboards compare: this month against the last, and the change between them.

/**
 * Change from the previous period in percent, one decimal; null when the previous period had none
 * and this one has some (no percentage says that: the screens say "new this month", as the admin's
 * "+∞%" does), and 0 when neither had any.
 */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current > 0 ? null : 0;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

export function monthBounds(now: Date) {
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { thisMonth, lastMonth };
}
