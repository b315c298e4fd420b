import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { printSortedSchema } from '../src/graphql/schema.ts';

/** Writes /schema.graphql; with --check, fails instead when the committed file is stale. */
const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema.graphql');
const printed = printSortedSchema();
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // A missing file is simply stale.
  }
  if (committed !== printed) {
    process.stderr.write('schema.graphql is stale: run `npm run schema:print` and commit it.\n');
    process.exit(1);
  }
} else {
  writeFileSync(target, printed);
  process.stdout.write(`wrote ${target}\n`);
}
