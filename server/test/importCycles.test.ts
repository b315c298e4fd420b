import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import localRules from '../../eslint-rules/importCycles.mjs';

// The repository's own lint rule: a cycle made only of type imports is reported, with its files,
// on each of them; a file outside any cycle, and a lazy import() back, are not.

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'import-cycles-'));
  const files: Record<string, string> = {
    'src/viewer.ts': "import type { Session } from './session.ts';\nexport interface Viewer { id: string; session?: Session }\n",
    'src/session.ts': "import type { Viewer } from './viewer.ts';\nexport interface Session { viewer: Viewer }\n",
    'src/plain.ts': "import type { Viewer } from './viewer.ts';\nexport const idOf = (viewer: Viewer) => viewer.id;\n",
    'src/lazy/route.ts': "export const load = () => import('./screen.ts');\n",
    'src/lazy/screen.ts': "import { load } from './route.ts';\nexport const again = load;\n",
  };
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, name)), { recursive: true });
    await writeFile(path.join(folder, name), text);
  }
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('local/import-cycles', () => {
  it('reports a cycle of type imports on each of its files, and nothing elsewhere', async () => {
    const eslint = new ESLint({
      cwd: folder,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { local: localRules },
          rules: { 'local/import-cycles': 'error' },
        },
      ],
    });
    const results = await eslint.lintFiles(['src/**/*.ts']);
    const reported = Object.fromEntries(
      results.map((result) => [path.relative(folder, result.filePath), result.messages.map((message) => message.message)]),
    );
    const cycle = 'Import cycle (type imports included): session.ts -> viewer.ts. Put the shared types in a module of their own.';
    expect(reported).toEqual({
      'src/viewer.ts': [cycle],
      'src/session.ts': [cycle],
      'src/plain.ts': [],
      'src/lazy/route.ts': [],
      'src/lazy/screen.ts': [],
    });
  });
});
