import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Which source file imports which (issue 46): the graph the layering test reads. An edge is an
// `import … from './x.js'` or `export … from './x.js'` statement between two files of the tree;
// packages (`fastify`, `@console/contract`) and lazy `import()` calls are not edges.
//
// Type-only imports (`import type`) count: a circle of types still means neither file can be read,
// changed or moved without the other (the `AppDependencies` circle of issue 46 was one), and the
// layer rules are about what a file knows, not what it loads at run time.

/** Each file of the tree (path relative to its root, with `/`) and the files it imports. */
export type ImportGraph = Map<string, string[]>;

/** Reads every .ts/.tsx file under `root` and the files of that tree they import. */
export function readImportGraph(root: string): ImportGraph {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const targets = moduleSpecifiers(file, text)
      .map((specifier) => resolve(file, specifier, known))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** A layer rule: files under `from` import nothing under any of `not`. */
export interface LayerRule {
  from: string;
  not: string[];
}

/** Every import that breaks a rule, as `importer → imported`. */
export function upwardImports(graph: ImportGraph, rules: LayerRule[]): string[] {
  const under = (file: string, folder: string) => file.startsWith(`${folder}/`);
  return [...graph].flatMap(([file, targets]) =>
    rules
      .filter((rule) => under(file, rule.from))
      .flatMap((rule) =>
        targets
          .filter((target) => rule.not.some((folder) => under(target, folder)))
          .map((t) => `${file} → ${t}`),
      ),
  );
}

/**
 * The import circles: each group of files that reach each other through imports (a strongly
 * connected component of more than one file, or a file that imports itself), sorted, with one
 * concrete loop through the group to show where to cut.
 */
export function importCircles(graph: ImportGraph): { files: string[]; loop: string[] }[] {
  return stronglyConnected(graph)
    .filter((group) => group.length > 1 || (graph.get(group[0]!) ?? []).includes(group[0]!))
    .map((group) => ({ files: [...group].sort(), loop: loopWithin(graph, new Set(group)) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

function sourceFiles(root: string, folder = ''): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const file = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(root, file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The relative module specifiers of the file's import and export-from statements. */
function moduleSpecifiers(file: string, text: string): string[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  return source.statements.flatMap((statement) => {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : undefined;
    return specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.')
      ? [specifier.text]
      : [];
  });
}

/** The file a relative specifier names: `./x.js` is x.ts (NodeNext), `./x` is x.ts(x) or x/index. */
function resolve(importer: string, specifier: string, known: Set<string>): string | undefined {
  const base = path.posix.join(path.posix.dirname(importer), specifier);
  const stem = base.replace(/\.jsx?$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => known.has(candidate));
}

/** Tarjan's algorithm, iteratively (a deep import chain must not overflow the stack). */
function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { file: string; edge: number }[] = [{ file: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const targets = graph.get(frame.file) ?? [];
      if (frame.edge < targets.length) {
        const target = targets[frame.edge++]!;
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, edge: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.file, Math.min(low.get(frame.file)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(frame.file)!));
      if (low.get(frame.file) === index.get(frame.file)) {
        const group: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          group.push(member);
        } while (member !== frame.file);
        groups.push(group);
      }
    }
  }
  return groups;
}

/** A shortest loop from the group's first file (in sort order) back to itself, inside the group. */
function loopWithin(graph: ImportGraph, group: Set<string>): string[] {
  const start = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const target of graph.get(file) ?? []) {
      if (!group.has(target)) continue;
      if (target === start) {
        const loop = [start];
        for (let at: string | undefined = file; at !== undefined && at !== start; at = cameFrom.get(at))
          loop.splice(1, 0, at);
        return [...loop, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start];
}
