import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bench = fileURLToPath(new URL('../scripts/bench.mjs', import.meta.url));

// Not a timing: the bytes are the build's, the same on every machine. The bench prints them; this
// keeps a change from taking a first screen over its budget unnoticed until the next bench run.
describe('the built client', () => {
  it('keeps the JavaScript a first visit downloads before each main screen within its budget', () => {
    const run = spawnSync(process.execPath, [bench], { encoding: 'utf8' });
    expect(run.stdout).toMatch(/dashboard .* ok/);
    expect(run.stdout).toMatch(/landing .* ok/);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  });
});
