import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPercentChange } from './format.ts';

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
