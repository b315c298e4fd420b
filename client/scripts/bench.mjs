// Prints the JavaScript a first visit downloads before each main screen shows (gzip), from the
// build's manifest: the entry with its static imports, then the screen's lazy route modules with
// theirs. Exits 1 when a screen is over its budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

const screens = [
  { name: 'dashboard', routes: ['src/features/shell/CustomerShell.tsx', 'src/features/dashboard/DashboardRoute.tsx'], budget: 250 * 1024 },
  { name: 'landing', routes: ['src/features/landing/LandingRoute.tsx'], budget: 250 * 1024 },
];

/** Every chunk `keys` load before running: themselves and their static imports, transitively. */
function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    staticClosure(chunk.imports ?? [], seen);
  }
  return seen;
}

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length);
  return gzipSizes.get(file);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let over = false;
console.log('initial JS per screen (gzip)');
for (const { name, routes, budget } of screens) {
  const chunks = staticClosure(['index.html', ...routes]);
  const total = [...chunks].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
  over ||= total > budget;
  console.log(
    `  ${name.padEnd(10)} ${kb(total).padStart(9)}  budget ${kb(budget)}  ${total <= budget ? 'ok' : 'OVER'}  (${chunks.size} files)`,
  );
}
if (over) process.exit(1);
