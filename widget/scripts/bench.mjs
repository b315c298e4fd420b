// Prints the built bundles' sizes (raw and gzip) against their budgets; exits 1 when one is over.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const assets = readdirSync(new URL('embed-widget/assets/', dist)).map((file) => `embed-widget/assets/${file}`);

const bundles = [
  { name: 'loader /widget.js', files: ['widget.js'], budget: 3 * 1024 },
  { name: 'chat app /embed-widget', files: ['embed-widget/index.html', ...assets], budget: 30 * 1024 },
];

const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const rows = bundles.map(({ name, files, budget }) => {
  const contents = files.map((file) => readFileSync(new URL(file, dist)));
  const raw = contents.reduce((sum, content) => sum + content.length, 0);
  const gzip = contents.reduce((sum, content) => sum + gzipSync(content, { level: 9 }).length, 0);
  return { name, raw, gzip, budget };
});

const header = ['bundle', 'raw', 'gzip', 'budget (gzip)', ''];
const lines = rows.map(({ name, raw, gzip, budget }) => [name, kb(raw), kb(gzip), kb(budget), gzip <= budget ? 'ok' : 'OVER']);
const widths = header.map((_, column) => Math.max(...[header, ...lines].map((line) => line[column].length)));
for (const line of [header, ...lines])
  console.log(
    line
      .map((cell, column) => cell.padEnd(widths[column]))
      .join('  ')
      .trimEnd(),
  );

if (rows.some(({ gzip, budget }) => gzip > budget)) process.exit(1);
