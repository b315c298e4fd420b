/** Money in the plan's currency (ISO code, stored in lower case by the server). */
export function formatMoney(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(amount);
}

/** Credits can be fractional (per-token rates), shown with at most two decimals. */
export function formatCredits(credits: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(credits);
}

export function formatDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(isoDate));
}
