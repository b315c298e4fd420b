// An ESLint rule that finds import cycles counting type imports too: import-x/no-cycle skips
// `import type`, so a cycle made only of types (a type declared beside the code that needs its
// importer) went unseen. Cycles are found once per lint run over the workspace's source folder, from
// the static imports and re-exports of each file (dynamic `import()` is lazy and does not count).
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'generated', '__generated__', 'dist']);
const STATIC_IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;

/** The source folder a file belongs to: the nearest `src` above it. */
function sourceRootOf(file) {
  const parts = file.split(path.sep);
  const index = parts.lastIndexOf('src');
  return index > 0 ? parts.slice(0, index + 1).join(path.sep) : null;
}

function sourceFiles(folder, found = []) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) sourceFiles(full, found);
    } else if (SOURCE.test(entry.name)) {
      found.push(full);
    }
  }
  return found;
}

/** Each file's cycle (the files of its strongly connected component, when more than one). */
function cyclesOf(root) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const imports = [];
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      const target = path.resolve(path.dirname(file), match[1]);
      if (target.startsWith(root)) imports.push(target);
    }
    graph.set(file, imports);
  }
  // Tarjan's strongly connected components, iteratively (deep import chains exceed the call stack).
  const order = new Map();
  const lowest = new Map();
  const stack = [];
  const onStack = new Set();
  const cycleOf = new Map();
  let next = 0;
  for (const start of graph.keys()) {
    if (order.has(start)) continue;
    const work = [{ file: start, edge: 0 }];
    order.set(start, next);
    lowest.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work.at(-1);
      const targets = graph.get(frame.file).filter((target) => graph.has(target));
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++];
        if (!order.has(target)) {
          order.set(target, next);
          lowest.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, edge: 0 });
        } else if (onStack.has(target)) {
          lowest.set(frame.file, Math.min(lowest.get(frame.file), order.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work.at(-1).file;
        lowest.set(parent, Math.min(lowest.get(parent), lowest.get(frame.file)));
      }
      if (lowest.get(frame.file) === order.get(frame.file)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.file);
        if (component.length > 1) for (const file of component) cycleOf.set(file, component);
      }
    }
  }
  return cycleOf;
}

const cyclesByRoot = new Map();

export const importCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles, type imports included' },
    messages: { cycle: 'Import cycle (type imports included): {{files}}. Put the shared types in a module of their own.' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const root = sourceRootOf(file);
    if (!root) return {};
    if (!cyclesByRoot.has(root)) cyclesByRoot.set(root, cyclesOf(root));
    const cycle = cyclesByRoot.get(root).get(file);
    if (!cycle) return {};
    return {
      Program(node) {
        const files = cycle
          .map((member) => path.relative(root, member))
          .sort()
          .join(' -> ');
        context.report({ node, messageId: 'cycle', data: { files } });
      },
    };
  },
};

export default { rules: { 'import-cycles': importCycles } };
