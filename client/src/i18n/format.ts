// Numbers as the reader's language writes them ("0,5", "+12,5 %"): the one place screens format
// decimals and percentages, through Intl.

/** A decimal with exactly `digits` fraction digits. */
export function formatDecimal(value: number, language: string, digits = 1): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}

/** A change in percent (12.5 means +12.5 %), signed, one decimal. */
export function formatPercentChange(change: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'percent',
    signDisplay: 'exceptZero',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(change / 100);
}

/** A share (0.5 means 50 %), no decimals. */
export function formatShare(share: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(share);
}

/** A change in percentage points, signed, one decimal ("+12.5", "−3.0"). */
export function formatPointChange(change: number, language: string): string {
  return new Intl.NumberFormat(language, { signDisplay: 'exceptZero', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(change);
}
