export interface Clock {
  now(): Date;
}

export const systemClock: Clock = {
  now: () => new Date(),
};

/**
 * A clock that only moves when told to, for tests of expiry and billing periods; with `running`, it
 * also keeps time as the system clock does (a measured server whose caches expire as in production).
 */
export class ManualClock implements Clock {
  private current: number;
  private readonly runningSince: number | null;

  constructor(start: Date | string | number = '2026-01-01T00:00:00.000Z', options: { running?: boolean } = {}) {
    this.current = new Date(start).getTime();
    this.runningSince = options.running ? performance.now() : null;
  }

  now(): Date {
    return new Date(this.current + this.elapsed());
  }

  set(time: Date | string | number): void {
    this.current = new Date(time).getTime() - this.elapsed();
  }

  advance(ms: number): void {
    this.current += ms;
  }

  private elapsed(): number {
    return this.runningSince === null ? 0 : Math.floor(performance.now() - this.runningSince);
  }
}
