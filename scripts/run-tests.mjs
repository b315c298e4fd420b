// Runs every workspace's type checks and tests through turbo (all of them, past a failure, so one run
// shows every failure), then the server's cluster tests (real processes from the server build turbo
// just made, on the machine's PostgreSQL and Redis), then the lint and format checks (after turbo,
// whose builds generate the Prisma and Relay types the typed lint rules read), then prints one plain
// closing line for all of them ("N passed, N failed"): the tests counted from the JSON report each
// vitest run leaves in .test-results/, each check as one.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('.test-results');
rmSync(resultsDir, { recursive: true, force: true });

const turboArgs = process.argv.slice(2);
const run = spawnSync('npx', ['turbo', 'run', 'typecheck', 'test', '--concurrency=1', '--continue', ...turboArgs], {
  stdio: 'inherit',
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TEST_RESULTS_DIR: resultsDir },
});

// After the main suite, unless the arguments filter turbo to other workspaces than the server.
const clusterWanted = !turboArgs.some((arg) => arg.startsWith('--filter')) || turboArgs.some((arg) => arg.includes('server'));
let cluster = { status: 0 };
if (clusterWanted) {
  console.log('\n> npm run test:cluster -w server');
  cluster = spawnSync('npm', ['run', 'test:cluster', '-w', 'server'], {
    stdio: 'inherit',
    env: { ...process.env, TEST_RESULTS_DIR: resultsDir },
  });
}

const checks = [
  ['lint', ['eslint', '.']],
  ['format', ['prettier', '--check', '.']],
].map(([name, command]) => {
  console.log(`\n> ${command.join(' ')}`);
  const check = spawnSync('npx', command, { stdio: 'inherit' });
  return { name, ok: check.status === 0 };
});

let passed = 0;
let failed = 0;
let skipped = 0;
const files = existsSync(resultsDir) ? readdirSync(resultsDir).filter((file) => file.endsWith('.json')) : [];
for (const file of files) {
  const report = JSON.parse(readFileSync(path.join(resultsDir, file), 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  console.log(`${file.replace(/\.json$/, '')}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
for (const check of checks) {
  console.log(`${check.name}: ${check.ok ? '1 passed, 0 failed' : '0 passed, 1 failed'}`);
  if (check.ok) passed += 1;
  else failed += 1;
}
const status = run.status === 0 && cluster.status === 0 && checks.every((check) => check.ok) ? 0 : 1;
console.log(`${passed} passed, ${failed + (status !== 0 && failed === 0 ? 1 : 0)} failed, ${skipped} skipped`);
process.exit(status);
