import { describe, expect, it } from 'vitest';
import { duplicateTopLevelKeys, messagesOf } from './resources.ts';

const en = await messagesOf('en');
const fr = await messagesOf('fr');

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('defines each top-level key in one file only', async () => {
    expect([...(await duplicateTopLevelKeys('en')), ...(await duplicateTopLevelKeys('fr'))]).toEqual([]);
  });

  it('has every English key in French', () => {
    const french = new Set(keysOf(fr));
    expect(keysOf(en).filter((key) => !french.has(key))).toEqual([]);
  });

  it('has every French key in English', () => {
    const english = new Set(keysOf(en));
    expect(keysOf(fr).filter((key) => !english.has(key))).toEqual([]);
  });

  it('has no empty text', () => {
    const empty = (value: unknown, path: string): string[] =>
      typeof value === 'string'
        ? value.trim()
          ? []
          : [path]
        : Object.entries(value as object).flatMap(([k, v]) => empty(v, `${path}.${k}`));
    expect([...empty(en, 'en'), ...empty(fr, 'fr')]).toEqual([]);
  });
});

describe('keys used in the source', () => {
  it('exist in the English resources', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const root = join(__dirname, '..');
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !file.includes('__generated__') && !file.endsWith('.test.tsx'),
    );
    const english = new Set(keysOf(en));
    const used = files.flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/\bt\(\s*'([\w.]+)'/g)].map((match) => match[1]!),
    );
    expect(used.length).toBeGreaterThan(0);
    expect([...new Set(used)].filter((key) => !english.has(key) && !english.has(`${key}_one`))).toEqual([]);
  });
});
