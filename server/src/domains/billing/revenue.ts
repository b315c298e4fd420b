// The admin's revenue summary, month by month.
import { Decimal } from './decimal.ts';

// ---------------------------------------------------------------- revenue

export interface MonthlyRevenueRow {
  year: number;
  month: number;
  revenue: Decimal | string | number;
}

export interface RevenueSummary {
  totalRevenue: number;
  monthlyBreakdown: { year: number; month: number; revenue: number }[];
}

/**
 * Totals paid revenue and lists it by month, oldest first, from the first month with revenue up to
 * the current month, with 0 for months without payments: the admin compares the last two months.
 */
export function summarizeRevenue(rows: readonly MonthlyRevenueRow[], now: Date): RevenueSummary {
  const byMonth = new Map<number, Decimal>();
  for (const row of rows) {
    const key = row.year * 12 + (row.month - 1);
    byMonth.set(key, (byMonth.get(key) ?? new Decimal(0)).add(new Decimal(row.revenue)));
  }
  if (byMonth.size === 0) return { totalRevenue: 0, monthlyBreakdown: [] };
  const first = Math.min(...byMonth.keys());
  const last = Math.max(now.getUTCFullYear() * 12 + now.getUTCMonth(), ...byMonth.keys());
  const monthlyBreakdown: RevenueSummary['monthlyBreakdown'] = [];
  let total = new Decimal(0);
  for (let key = first; key <= last; key++) {
    const revenue = byMonth.get(key) ?? new Decimal(0);
    total = total.add(revenue);
    monthlyBreakdown.push({ year: Math.floor(key / 12), month: (key % 12) + 1, revenue: revenue.toDecimalPlaces(2).toNumber() });
  }
  return { totalRevenue: total.toDecimalPlaces(2).toNumber(), monthlyBreakdown };
}
