// Runs every workspace's tests through turbo, then prints one plain closing line for all of them
// ("N passed, N failed"), read from the JSON report each vitest run leaves in .test-results/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const resultsDir = path.resolve('.test-results');
rmSync(resultsDir, { recursive: true, force: true });

const run = spawnSync('npx', ['turbo', 'run', 'typecheck', 'test', '--concurrency=1', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1', TEST_RESULTS_DIR: resultsDir },
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
const status = run.status ?? 1;
console.log(`${passed} passed, ${failed + (status !== 0 && failed === 0 ? 1 : 0)} failed, ${skipped} skipped`);
process.exit(status);
