import { describe, expect, it } from 'vitest';
import { scrollEdgesMask } from './scrollEdges.ts';

describe('scrollEdgesMask', () => {
  it.each([
    [{ before: false, after: false }, undefined],
    [{ before: false, after: true }, 'linear-gradient(to right, black, black calc(100% - 2rem), transparent)'],
    [{ before: true, after: false }, 'linear-gradient(to right, transparent, black 2rem, black)'],
    [{ before: true, after: true }, 'linear-gradient(to right, transparent, black 2rem, black calc(100% - 2rem), transparent)'],
  ])('%j fades %s', (edges, mask) => {
    expect(scrollEdgesMask(edges)).toBe(mask);
  });
});
