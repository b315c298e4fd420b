import { describe, expect, it } from 'vitest';
import {
  formatCost,
  formatCredits,
  formatDecimal,
  formatFileSize,
  formatMoment,
  formatMoney,
  formatPercentChange,
  formatValue,
} from './format.ts';
import i18next from './index.ts';

// Intl separates French numbers from % with a narrow no-break space.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDecimal', () => {
  it.each([
    [0.5, 'en', '0.5'],
    [0.5, 'fr', '0,5'],
    [1.25, 'fr', '1,3'],
  ] as const)('%d in %s', (value, language, text) => {
    expect(formatDecimal(value, language)).toBe(text);
  });
});

describe('formatPercentChange', () => {
  it.each([
    [12.5, 'en', '+12.5%'],
    [-3, 'en', '-3.0%'],
    [0, 'en', '0.0%'],
    [0, 'fr', '0,0 %'],
    [12.5, 'fr', '+12,5 %'],
  ] as const)('%d in %s', (change, language, text) => {
    expect(spaces(formatPercentChange(change, language))).toBe(text);
  });
});

describe('formatCredits', () => {
  it.each([
    [12, 'en', '12'],
    [1234.567, 'en', '1,234.57'],
    [1234.5, 'fr', '1 234,5'],
  ] as const)('%d in %s', (credits, language, text) => {
    expect(spaces(formatCredits(credits, language))).toBe(text);
  });
});

describe('formatMoney', () => {
  it.each([
    [19, 'en', {}, '$19.00'],
    [19, 'fr', { currency: 'eur' }, '19,00 €'],
    [19, 'en', { currency: 'eur', maximumFractionDigits: 0 }, '€19'],
    [0.01234, 'fr', { minimumFractionDigits: 4, maximumFractionDigits: 4 }, '0,0123 $US'],
  ] as const)('%d in %s with %o', (amount, language, options, text) => {
    expect(spaces(formatMoney(amount, language, options))).toBe(text);
  });
});

describe('formatCost', () => {
  it.each([
    [0.00005, 'en', '$0.0001'],
    [0.01234, 'fr', '0,0123 $US'],
  ] as const)('%d in %s', (dollars, language, text) => {
    expect(spaces(formatCost(dollars, language))).toBe(text);
  });
});

describe('formatFileSize', () => {
  it.each([
    [512, 'en', '512 B'],
    [1536, 'en', '1.5 kB'],
    [10 * 1024 * 1024, 'fr', '10 MB'],
    [1.25 * 1024 * 1024, 'fr', '1,3 MB'],
  ] as const)('%d in %s', (bytes, language, text) => {
    expect(formatFileSize(bytes, language)).toBe(text);
  });
});

describe('formatMoment', () => {
  // Local time, so the expected text holds in any time zone.
  const moment = new Date(2026, 0, 5, 15, 4, 5);
  it.each([
    ['date', 'en', 'Jan 5, 2026'],
    ['date', 'fr', '5 janv. 2026'],
    ['longDate', 'en', 'January 5, 2026'],
    ['longDate', 'fr', '5 janvier 2026'],
    ['numericDate', 'en', '1/5/2026'],
    ['numericDate', 'fr', '05/01/2026'],
    ['dateTime', 'en', 'Jan 5, 2026, 3:04 PM'],
    ['dateTime', 'fr', '5 janv. 2026, 15:04'],
    ['timestamp', 'en', '1/5/2026, 3:04:05 PM'],
    ['timestamp', 'fr', '05/01/2026 15:04:05'],
    ['time', 'en', '3:04 PM'],
    ['time', 'fr', '15:04'],
  ] as const)('%s in %s', (style, language, text) => {
    expect(spaces(formatMoment(moment, style, language))).toBe(text);
    expect(spaces(formatMoment(moment.toISOString(), style, language))).toBe(text);
    expect(spaces(formatMoment(moment.getTime(), style, language))).toBe(text);
  });
});

describe('named formats through i18next', () => {
  it.each([
    [0.5, 'decimal', 'fr', {}, '0,5'],
    [0.125, 'decimal', 'en', { digits: 2 }, '0.13'],
    [12.5, 'percentChange', 'fr', {}, '+12,5 %'],
    [0.5, 'share', 'en', {}, '50%'],
    [-3, 'pointChange', 'en', {}, '-3.0'],
    [1234.5, 'credits', 'fr', {}, '1 234,5'],
    [19, 'money', 'fr', { currency: 'eur' }, '19,00 €'],
    [1.5, 'cost', 'en', {}, '$1.5000'],
    [1536, 'fileSize', 'en', {}, '1.5 kB'],
    [new Date(2026, 0, 5).toISOString(), 'date', 'fr', {}, '5 janv. 2026'],
    [15650, 'number', 'fr', {}, '15 650'],
    [0, 'weekday', 'en', {}, 'Sunday'],
    [1, 'weekday', 'fr', {}, 'lundi'],
    [6, 'weekday', 'en', {}, 'Saturday'],
  ] as const)('%s as %s in %s', (value, name, language, options, text) => {
    expect(spaces(formatValue(value, name, language, options))).toBe(text);
  });

  it('formats a value inside a string, with the options the string gives', () => {
    const text = i18next.services.interpolator.interpolate(
      '{{cost, money(minimumFractionDigits: 4; maximumFractionDigits: 4)}} pour {{count, number}} passages',
      { cost: 0.01234, count: 15650 },
      'fr',
      {},
    );
    expect(spaces(text)).toBe('0,0123 $US pour 15 650 passages');
  });
});
