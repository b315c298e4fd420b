import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, validate } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRAPHIQL_INTROSPECTION_QUERY } from '../../test/introspection.ts';
import { COST_LIST_SIZES } from './limits.ts';
import { operationLimitErrors } from './operationLimits.ts';
import { assertSourceWithinLimits } from './parseLimits.ts';
import { schema } from './schema.ts';
import { VALIDATION_LIMIT_RULES } from './validationLimits.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const clientDir = path.join(repoRoot, 'client');

/** A Relay artifact's operation text: the JSON string after `"text": `. */
const OPERATION_TEXT = /"text": ("(?:[^"\\]|\\.)*")/g;

let workDir: string;
let operations: { name: string; text: string }[];

/**
 * Compiles the client's `graphql` tags with the project's own relay-compiler into a temporary
 * directory (the generated artifacts are not committed, and client/src is left untouched), so the
 * operations checked are exactly what the client sends, from a clean clone too.
 */
async function compileClientOperations(): Promise<{ name: string; text: string }[]> {
  const artifactDirectory = path.join(workDir, 'artifacts');
  await mkdir(artifactDirectory);
  const config = path.join(workDir, 'relay.config.json');
  // The same options as /relay.config.js, whose paths are relative to the repo root.
  const relayConfig = createRequire(import.meta.url)(path.join(repoRoot, 'relay.config.js')) as Record<string, unknown>;
  await writeFile(
    config,
    JSON.stringify({
      ...relayConfig,
      src: path.join(repoRoot, 'client/src'),
      schema: path.join(repoRoot, 'schema.graphql'),
      artifactDirectory,
    }),
  );
  const compiler = createRequire(path.join(clientDir, 'package.json')).resolve('relay-compiler/cli.js');
  execFileSync(process.execPath, [compiler, config, '--output', 'quiet-with-errors'], { cwd: repoRoot, stdio: 'pipe' });
  const found: { name: string; text: string }[] = [];
  for (const file of await readdir(artifactDirectory)) {
    const artifact = await readFile(path.join(artifactDirectory, file), 'utf8');
    for (const [, literal] of artifact.matchAll(OPERATION_TEXT))
      if (literal) found.push({ name: file, text: JSON.parse(literal) as string });
  }
  return found;
}

/**
 * Every limit refusal of an operation, as the server checks it: the source, the validation limits and
 * the execution-time limits, with each Int variable at the largest page the server returns (the
 * client's pagination asks for less).
 */
function limitRefusals(text: string): string[] {
  assertSourceWithinLimits(text);
  const document = parse(text);
  const validationErrors = validate(schema, document, VALIDATION_LIMIT_RULES);
  const largestPages = Object.fromEntries(
    document.definitions
      .flatMap((definition) => (definition.kind === Kind.OPERATION_DEFINITION ? (definition.variableDefinitions ?? []) : []))
      .filter((variable) => variable.type.kind === Kind.NAMED_TYPE && variable.type.name.value === 'Int')
      .map((variable) => [variable.variable.name.value, COST_LIST_SIZES.maxPageSize]),
  );
  const operationErrors = operationLimitErrors({ schema, document, variableValues: largestPages });
  return [...validationErrors, ...operationErrors].map((error) => error.message);
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'client-operations-'));
  operations = await compileClientOperations();
}, 60_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe("the client's operations and GraphQL limits", () => {
  it('finds the operations the client sends', () => {
    expect(operations.length).toBeGreaterThan(10);
    expect(operations.map((operation) => operation.text).join('\n')).toMatch(/^query \w+/m);
  });

  it('keeps every client operation within every limit', () => {
    const refused = operations
      .map(({ name, text }) => ({ name, refusals: limitRefusals(text) }))
      .filter(({ refusals }) => refusals.length > 0);
    expect(refused).toEqual([]);
  });

  it("passes GraphiQL's introspection query, every option on", () => {
    expect(limitRefusals(GRAPHIQL_INTROSPECTION_QUERY)).toEqual([]);
  });
});
