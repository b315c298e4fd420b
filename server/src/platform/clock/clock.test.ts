import { describe, expect, it } from 'vitest';
import { ManualClock, systemClock } from './index.ts';

describe('clock', () => {
  it('systemClock returns the current time', () => {
    const before = Date.now();
    const now = systemClock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('ManualClock stays put until set or advanced', () => {
    const clock = new ManualClock('2026-03-01T10:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-03-01T10:00:00.000Z');
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe('2026-03-01T10:01:30.000Z');
    clock.set(new Date('2027-01-01T00:00:00.000Z'));
    expect(clock.now().toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('ManualClock hands out copies, so callers cannot move it by mutating a Date', () => {
    const clock = new ManualClock(0);
    clock.now().setTime(123_456);
    expect(clock.now().getTime()).toBe(0);
  });
});
