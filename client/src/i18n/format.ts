import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

// Numbers, money and dates as the reader's language writes them ("0,5", "+12,5 %", "5 janv. 2026"):
// the one place they meet Intl. index.ts registers each named format below with i18next, so a
// sentence says how its value is written (`{{amount, money}}`, with i18next's own `number`,
// `currency`, `datetime`, `relativetime` and `list` beside them) and a value standing alone (a
// table cell, a stat tile) goes through `useFormat`. Screens never build an Intl formatter.

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

/** Credits can be fractional (per-token rates), shown with at most two decimals. */
export function formatCredits(credits: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(credits);
}

export interface MoneyOptions {
  /** ISO 4217 code, in either case (the server stores it in lower case); dollars by default. */
  currency?: string;
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** An amount of money in its currency. */
export function formatMoney(amount: number, language: string, options: MoneyOptions = {}): string {
  const { currency = 'USD', minimumFractionDigits, maximumFractionDigits } = options;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits,
    maximumFractionDigits,
  }).format(amount);
}

/** Crawl costs, in dollars to 4 decimals as the spec shows them. */
export function formatCost(dollars: number, language: string): string {
  return formatMoney(dollars, language, { minimumFractionDigits: 4, maximumFractionDigits: 4 });
}

/** Binary multiples, as the server counts its 10 MB limit. */
const FILE_SIZE_UNITS = ['B', 'kB', 'MB', 'GB'] as const;

/** A file size in the largest unit it reaches, one decimal past bytes ("1.5 MB"). */
export function formatFileSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < FILE_SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${FILE_SIZE_UNITS[unit]}`;
}

/** The ways the screens write a moment; the API sends ISO strings, the demo keeps epoch numbers. */
const MOMENT_STYLES = {
  /** "Jan 5, 2026" */
  date: { dateStyle: 'medium' },
  /** "January 5, 2026" */
  longDate: { dateStyle: 'long' },
  /** "1/5/2026" */
  numericDate: { year: 'numeric', month: 'numeric', day: 'numeric' },
  /** "Jan 5, 2026, 3:04 PM" */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  /** "1/5/2026, 3:04:05 PM", for log lines read to the second. */
  timestamp: { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' },
  /** "3:04 PM" */
  time: { timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type MomentStyle = keyof typeof MOMENT_STYLES;
export type Moment = string | number | Date;

export function formatMoment(moment: Moment, style: MomentStyle, language: string): string {
  return new Intl.DateTimeFormat(language, MOMENT_STYLES[style]).format(new Date(moment));
}

/**
 * i18next formatters by name. i18next hands each one the string's options, `name(key: value)`,
 * merged with every value passed to `t`, so each reads only the options it knows.
 */
type NamedFormat = (language: string, options: Record<string, unknown>) => (value: never) => string;

const digitsOf = (options: Record<string, unknown>) => (typeof options.digits === 'number' ? options.digits : undefined);

/** A weekday's name, `day` 0 being Sunday (as the server counts): 2026-11-29 was a Sunday. */
export function formatWeekday(day: number, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 10, 29 + day)));
}

export const NAMED_FORMATS = {
  /** `{{value, decimal}}`, `{{value, decimal(digits: 2)}}` */
  decimal: (language, options) => (value: number) => formatDecimal(value, language, digitsOf(options)),
  percentChange: (language) => (change: number) => formatPercentChange(change, language),
  share: (language) => (share: number) => formatShare(share, language),
  pointChange: (language) => (change: number) => formatPointChange(change, language),
  credits: (language) => (credits: number) => formatCredits(credits, language),
  /** `{{price, money}}` with `currency` passed to `t`; `money(maximumFractionDigits: 0)` drops the cents. */
  money: (language, { currency, minimumFractionDigits, maximumFractionDigits }) => {
    const options = { currency, minimumFractionDigits, maximumFractionDigits } as MoneyOptions;
    return (amount: number) => formatMoney(amount, language, options);
  },
  cost: (language) => (dollars: number) => formatCost(dollars, language),
  fileSize: (language) => (bytes: number) => formatFileSize(bytes, language),
  date: (language) => (moment: Moment) => formatMoment(moment, 'date', language),
  longDate: (language) => (moment: Moment) => formatMoment(moment, 'longDate', language),
  numericDate: (language) => (moment: Moment) => formatMoment(moment, 'numericDate', language),
  dateTime: (language) => (moment: Moment) => formatMoment(moment, 'dateTime', language),
  timestamp: (language) => (moment: Moment) => formatMoment(moment, 'timestamp', language),
  time: (language) => (moment: Moment) => formatMoment(moment, 'time', language),
  /** `{{day, weekday}}`: 0 is Sunday. */
  weekday: (language) => (day: number) => formatWeekday(day, language),
} satisfies Record<string, NamedFormat>;

/** i18next's own formats, usable by name too. */
type BuiltInFormat = 'number' | 'currency' | 'datetime' | 'relativetime' | 'list';
export type FormatName = keyof typeof NAMED_FORMATS | BuiltInFormat;

/** Registers the named formats with i18next, once, after it has set up its services. */
export function addNamedFormats(instance: typeof i18next): void {
  const { formatter } = instance.services;
  if (!formatter) throw new Error('i18next has no formatter: call addNamedFormats after init');
  for (const [name, format] of Object.entries(NAMED_FORMATS)) {
    formatter.addCached(
      name,
      (language, options) => (format as NamedFormat)(language ?? instance.language, options) as (value: unknown) => string,
    );
  }
}

/** Formats one value with a named format in `language`, as `{{value, name}}` in a string would. */
export function formatValue(value: unknown, name: FormatName, language: string, options: object = {}): string {
  return String(i18next.services.formatter?.format(value, name, language, options) ?? '');
}

/** `formatValue` in the reader's language, for a value that stands alone on a screen. */
export function useFormat(): (value: unknown, name: FormatName, options?: object) => string {
  const { i18n } = useTranslation();
  return (value, name, options) => formatValue(value, name, i18n.language, options);
}

/** The IANA time zones this browser knows, with UTC, which some browsers leave out of the list. */
export function timeZoneNames(): string[] {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** The time zone this browser is set to, such as Europe/Paris. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;
