/** The spec shows crawl costs in dollars to 4 decimals. */
export function formatCost(dollars: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD', minimumFractionDigits: 4, maximumFractionDigits: 4 }).format(
    dollars,
  );
}

/** A whole number with the language's grouping ("15,650", "15 650"). */
export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** Binary multiples, as the server counts its 10 MB limit. */
const UNITS = ['B', 'kB', 'MB', 'GB'] as const;

export function formatFileSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${UNITS[unit]}`;
}
