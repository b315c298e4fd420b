// Loads what a server entry point imports (its relative imports, and so the whole module graph) without
// running it, then exits: `node bench/loadEntryImports.mjs dist/main.js` or, through tsx, `src/main.ts`.
// The startup bench times it to separate loading the code from booting the database.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const entry = pathToFileURL(process.argv[2]);
const source = readFileSync(entry, 'utf8');
for (const [, specifier] of source.matchAll(/^import [^;]*? from ['"](\.[^'"]+)['"];?$/gm)) {
  await import(new URL(specifier, entry).href);
}
process.exit(0);
