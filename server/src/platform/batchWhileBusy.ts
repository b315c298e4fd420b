interface Waiting<Input, Output> {
  input: Input;
  resolve: (output: Output) => void;
  reject: (error: unknown) => void;
}

/**
 * Calls that can be answered together (queries to one Chroma collection, say), batched only when
 * the line is busy: a call on an idle line goes out at once and alone; the calls that arrive while
 * a batch is out leave together as the next one, at most `maxBatch` at a time. Alone, a call waits
 * for nothing; under load, batches grow with the load and the fixed cost of a request is shared.
 * One batch per line is out at a time; lines (keys) are independent.
 */
export class BatchWhileBusy<Input, Output> {
  private readonly lines = new Map<string, Waiting<Input, Output>[]>();

  /**
   * `send` answers its inputs in their order, one output each. With `aloneAfterFailure`, the calls
   * of a failed batch are sent again one by one, so that an input the batch failed on (a write
   * whose row is gone) fails its own call only; without it, a failed batch fails all its calls
   * (a store that is away would only fail each of them again).
   */
  constructor(
    private readonly send: (inputs: Input[]) => Promise<Output[]>,
    private readonly maxBatch: number,
    private readonly options: { aloneAfterFailure?: boolean } = {},
  ) {}

  run(line: string, input: Input): Promise<Output> {
    return new Promise<Output>((resolve, reject) => {
      const waiting = this.lines.get(line);
      if (waiting) {
        waiting.push({ input, resolve, reject });
        return;
      }
      const queue = [{ input, resolve, reject }];
      this.lines.set(line, queue);
      void this.drain(line, queue);
    });
  }

  private async drain(line: string, queue: Waiting<Input, Output>[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, this.maxBatch);
      const failure = await this.sendBatch(batch);
      if (failure === null) continue;
      if (batch.length === 1 || !this.options.aloneAfterFailure) {
        for (const waiting of batch) waiting.reject(failure.error);
        continue;
      }
      for (const waiting of batch) {
        const alone = await this.sendBatch([waiting]);
        if (alone) waiting.reject(alone.error);
      }
    }
    this.lines.delete(line);
  }

  /** Sends one batch and answers its calls; on a failure, answers none of them and says why. */
  private async sendBatch(batch: Waiting<Input, Output>[]): Promise<{ error: unknown } | null> {
    try {
      const outputs = await this.send(batch.map((waiting) => waiting.input));
      if (outputs.length !== batch.length) throw new Error(`a batch of ${batch.length} was answered with ${outputs.length}`);
      batch.forEach((waiting, index) => waiting.resolve(outputs[index]!));
      return null;
    } catch (error) {
      return { error };
    }
  }
}
