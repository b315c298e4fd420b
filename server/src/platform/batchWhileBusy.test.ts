import { describe, expect, it } from 'vitest';
import { BatchWhileBusy } from './batchWhileBusy.ts';

/** A `send` that answers each batch when told to, recording the batches it was given. */
function controlledSend() {
  const batches: string[][] = [];
  const pending: { inputs: string[]; answer: (outputs: string[]) => void; fail: (error: Error) => void }[] = [];
  const send = (inputs: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push(inputs);
      pending.push({ inputs, answer: resolve, fail: reject });
    });
  const answerNext = async (outputs?: string[]) => {
    const next = pending.shift()!;
    next.answer(outputs ?? next.inputs.map((input) => input.toUpperCase()));
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { send, batches, pending, answerNext };
}

describe('BatchWhileBusy', () => {
  it('sends a call on an idle line at once and alone', async () => {
    const { send, batches, answerNext } = controlledSend();
    const batcher = new BatchWhileBusy(send, 10);
    const answer = batcher.run('line', 'a');
    expect(batches).toEqual([['a']]);
    await answerNext();
    await expect(answer).resolves.toBe('A');
  });

  it('sends the calls that arrived while a batch was out together, each answered with its own output', async () => {
    const { send, batches, answerNext } = controlledSend();
    const batcher = new BatchWhileBusy(send, 10);
    const answers = ['a', 'b', 'c', 'd'].map((input) => batcher.run('line', input));
    expect(batches).toEqual([['a']]);
    await answerNext();
    expect(batches).toEqual([['a'], ['b', 'c', 'd']]);
    await answerNext();
    await expect(Promise.all(answers)).resolves.toEqual(['A', 'B', 'C', 'D']);
  });

  it.each([
    { maxBatch: 2, waiting: 5, expected: [['a'], ['b', 'c'], ['d', 'e'], ['f']] },
    { maxBatch: 3, waiting: 3, expected: [['a'], ['b', 'c', 'd']] },
    { maxBatch: 1, waiting: 2, expected: [['a'], ['b'], ['c']] },
  ])('sends at most $maxBatch at a time ($waiting waiting)', async ({ maxBatch, waiting, expected }) => {
    const { send, batches, pending, answerNext } = controlledSend();
    const batcher = new BatchWhileBusy(send, maxBatch);
    const inputs = 'abcdefgh'.slice(0, waiting + 1).split('');
    const answers = inputs.map((input) => batcher.run('line', input));
    while (pending.length > 0) await answerNext();
    expect(batches).toEqual(expected);
    await expect(Promise.all(answers)).resolves.toEqual(inputs.map((input) => input.toUpperCase()));
  });

  it('keeps lines apart: a busy line does not hold another back', async () => {
    const { send, batches } = controlledSend();
    const batcher = new BatchWhileBusy(send, 10);
    void batcher.run('one', 'a');
    void batcher.run('one', 'b');
    void batcher.run('two', 'c');
    expect(batches).toEqual([['a'], ['c']]);
  });

  it('fails every call of a failed batch with its error, and the next batch still goes', async () => {
    const { send, pending, answerNext } = controlledSend();
    const batcher = new BatchWhileBusy(send, 10);
    const first = batcher.run('line', 'a');
    const second = batcher.run('line', 'b');
    const third = batcher.run('line', 'c');
    pending.shift()!.fail(new Error('Chroma is away'));
    await expect(first).rejects.toThrow('Chroma is away');
    await answerNext();
    await expect(second).resolves.toBe('B');
    await expect(third).resolves.toBe('C');
  });

  it('sends the calls of a failed batch again alone with aloneAfterFailure: only the one that fails alone fails', async () => {
    const batches: string[][] = [];
    const send = async (inputs: string[]) => {
      batches.push(inputs);
      if (inputs.includes('bad')) throw new Error(`cannot take ${inputs.join(', ')}`);
      return inputs.map((input) => input.toUpperCase());
    };
    const batcher = new BatchWhileBusy(send, 10, { aloneAfterFailure: true });
    const answers = ['a', 'b', 'bad', 'c'].map((input) => batcher.run('line', input).catch((error: Error) => error.message));
    await expect(Promise.all(answers)).resolves.toEqual(['A', 'B', 'cannot take bad', 'C']);
    expect(batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('fails a batch answered with the wrong number of outputs rather than mismatch them', async () => {
    const { send, answerNext } = controlledSend();
    const batcher = new BatchWhileBusy(send, 10);
    const answer = batcher.run('line', 'a');
    const settled = answer.catch((error: Error) => error.message);
    await answerNext([]);
    await expect(settled).resolves.toBe('a batch of 1 was answered with 0');
  });

  it('opens the line again once it is idle', async () => {
    const { send, batches, answerNext } = controlledSend();
    const batcher = new BatchWhileBusy(send, 10);
    const first = batcher.run('line', 'a');
    await answerNext();
    await first;
    const second = batcher.run('line', 'b');
    expect(batches).toEqual([['a'], ['b']]);
    await answerNext();
    await expect(second).resolves.toBe('B');
  });
});
