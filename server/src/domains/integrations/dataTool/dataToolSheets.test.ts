import { describe, expect, it } from 'vitest';
import { googleStatus, rowsAsMarkdown } from './dataToolSheets.ts';

describe('rowsAsMarkdown', () => {
  it('makes one section per row, titled by its first cell, with a "header: value" line per filled cell', () => {
    const markdown = rowsAsMarkdown('Catalog › Products', [
      ['Product', 'Price', '', 'Colour'],
      ['Aurora lamp', '89 EUR', 'x', ''],
      ['', '', '', ''],
      ['', '14 EUR'],
    ]);
    expect(markdown).toBe(
      [
        '# Catalog › Products',
        '',
        '## Aurora lamp',
        '',
        '- Product: Aurora lamp',
        '- Price: 89 EUR',
        '- Column 3: x',
        '',
        '## Row 4',
        '',
        '- Price: 14 EUR',
        '',
      ].join('\n'),
    );
  });
});

describe('googleStatus', () => {
  it.each([
    [{ status: 404 }, 404],
    [{ response: { status: 403 } }, 403],
    [new Error('socket hang up'), undefined],
    [null, undefined],
  ])('%j', (error, expected) => {
    expect(googleStatus(error)).toBe(expected);
  });
});
