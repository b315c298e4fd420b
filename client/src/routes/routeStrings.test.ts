import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// A feature's strings load with the routes that name it (router.tsx); a screen that shows another
// feature's component without naming that feature shows raw keys ("adminCustomers.plans.starter")
// until the user happens to visit the other feature first. This reads the code: every key a
// route's screens can ask for must belong to the shared strings or to a feature the route loads.

const SOURCE = path.resolve(import.meta.dirname, '..');
const FEATURES = path.join(SOURCE, 'features');

/** The top-level key of each feature's strings, and the feature it belongs to. */
function namespaces(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const feature of readdirSync(FEATURES)) {
    const english = path.join(FEATURES, feature, 'locales', 'en.json');
    if (!existsSync(english)) continue;
    for (const key of Object.keys(JSON.parse(readFileSync(english, 'utf8')) as object)) owners.set(key, feature);
  }
  return owners;
}

/** Each route module with the features router.tsx loads the strings of (none for a bare `lazy`). */
function routeModules(): { module: string; features: string[] }[] {
  const router = readFileSync(path.join(SOURCE, 'routes', 'router.tsx'), 'utf8');
  const modules = [];
  for (const match of router.matchAll(/lazy:\s*(?:withStrings\(\[([^\]]*)\],\s*)?\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    const features = [...(match[1] ?? '').matchAll(/'([^']+)'/g)].map((feature) => feature[1]!);
    modules.push({ module: path.resolve(SOURCE, 'routes', match[2]!), features });
  }
  return modules;
}

/** The module and every source module it imports, directly or not (tests and generated files aside). */
function importedFiles(entry: string): string[] {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file) || !existsSync(file) || file.includes('__generated__')) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const imported = path.resolve(path.dirname(file), match[1]!);
      if (/\.tsx?$/.test(imported) && imported.startsWith(SOURCE)) pending.push(imported);
    }
  }
  return [...seen];
}

/** The features whose keys a file names in a string: `t('editor.…')`, a map of keys, a template. */
function featuresNamed(file: string, owners: Map<string, string>): Set<string> {
  const code = readFileSync(file, 'utf8');
  const pattern = new RegExp(`['"\`](${[...owners.keys()].join('|')})\\.[A-Za-z$]`, 'g');
  return new Set([...code.matchAll(pattern)].map((match) => owners.get(match[1]!)!));
}

describe('the strings each route loads', () => {
  const owners = namespaces();

  it('finds the routes and the feature strings to check', () => {
    expect(owners.get('adminCustomers')).toBe('admin-customers');
    expect(routeModules().find((route) => route.module.endsWith('AdminOverviewRoute.tsx'))?.features).toEqual(
      expect.arrayContaining(['admin-overview']),
    );
  });

  it.each(routeModules().map((route) => [path.relative(SOURCE, route.module), route] as const))(
    '%s loads the strings of every feature its screens name',
    (_name, { module, features }) => {
      const named = new Set(importedFiles(module).flatMap((file) => [...featuresNamed(file, owners)]));
      expect([...named].filter((feature) => !features.includes(feature)).sort()).toEqual([]);
    },
  );
});
