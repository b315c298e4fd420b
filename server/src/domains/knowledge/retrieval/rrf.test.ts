import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, RRF_K } from './rrf.ts';

const ids = (fused: { id: string }[]) => fused.map((entry) => entry.id);

describe('reciprocalRankFusion', () => {
  it.each([
    { name: 'nothing in, nothing out', rankings: [[], []], expected: [] },
    { name: 'one ranking keeps its order', rankings: [['a', 'b', 'c']], expected: ['a', 'b', 'c'] },
    {
      name: 'agreement wins over one first place',
      rankings: [
        ['x', 'b', 'a'],
        ['y', 'a', 'b'],
      ],
      expected: ['b', 'a', 'x', 'y'],
    },
    {
      name: 'an item in both lists beats items in one',
      rankings: [
        ['a', 'b', 'c'],
        ['c', 'd', 'e'],
      ],
      expected: ['c', 'a', 'b', 'd', 'e'],
    },
    {
      name: 'ties keep the order of first appearance',
      rankings: [
        ['a', 'b'],
        ['b', 'a'],
      ],
      expected: ['a', 'b'],
    },
    { name: 'duplicates inside a ranking count once, at their best rank', rankings: [['a', 'a', 'b']], expected: ['a', 'b'] },
  ])('$name', ({ rankings, expected }) => {
    expect(ids(reciprocalRankFusion(rankings))).toEqual(expected);
  });

  it('scores by the sum of 1 / (k + rank)', () => {
    const [first, second] = reciprocalRankFusion([['a', 'b'], ['b']]);
    expect(first).toEqual({ id: 'b', score: 1 / (RRF_K + 2) + 1 / (RRF_K + 1) });
    expect(second).toEqual({ id: 'a', score: 1 / (RRF_K + 1) });
  });

  it('weighs each ranking by its weight, 1 when none is given', () => {
    const rankings = [['a', 'b'], ['b', 'a'], ['a']];
    expect(ids(reciprocalRankFusion(rankings, RRF_K, [1, 1, 0]))).toEqual(['a', 'b']);
    expect(ids(reciprocalRankFusion([['a'], ['b']], RRF_K, [0.5]))).toEqual(['b', 'a']);
    const [first] = reciprocalRankFusion([['a'], ['a']], RRF_K, [1, 0.5]);
    expect(first).toEqual({ id: 'a', score: 1.5 / (RRF_K + 1) });
  });

  it('lets a smaller k favour the top ranks more', () => {
    const rankings = [
      ['a', 'b', 'c', 'd'],
      ['d', 'c', 'b', 'a'],
    ];
    expect(ids(reciprocalRankFusion(rankings, 1))).toEqual(['a', 'd', 'b', 'c']);
  });
});
