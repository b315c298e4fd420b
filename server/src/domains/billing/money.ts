// Amounts of money: minor units for Stripe, and formatting.
import { Decimal } from './decimal.ts';

// ---------------------------------------------------------------- money

/** ISO currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL_CURRENCIES = new Set([
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
]);

/** The decimals a currency is counted in: 2 (cents), or 0 for the currencies Stripe counts whole. */
function currencyDecimals(currency: string): number {
  return ZERO_DECIMAL_CURRENCIES.has(currency.toLowerCase()) ? 0 : 2;
}

/** 19.99 USD -> 1999 (Stripe's integer amounts). */
export function toMinorUnits(amount: Decimal | string | number, currency: string): number {
  return new Decimal(amount)
    .mul(10 ** currencyDecimals(currency))
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
}

export function fromMinorUnits(amount: number, currency: string): Decimal {
  return new Decimal(amount).div(10 ** currencyDecimals(currency));
}

/** An amount in billing's messages and the admin's event log: `19.00 USD`. */
export function formatMoney(amount: Decimal | string | number, currency: string): string {
  return `${new Decimal(amount).toFixed(currencyDecimals(currency))} ${currency.toUpperCase()}`;
}
