import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  importCircles,
  readImportGraph,
  upwardImports,
  type ImportGraph,
  type LayerRule,
} from '../support/import-graph.js';

// The layers of the server read one way (issue 46): modules build on core, core on db, and nothing
// below imports from above; and no two files of the server or the console import each other, even
// by a chain. A new upward import or a new circle fails here, naming the files.

const tree = (folder: string) => fileURLToPath(new URL(`../../../${folder}`, import.meta.url));

/** server/src: core knows no module; db knows neither core nor the modules. */
const SERVER_LAYERS: LayerRule[] = [
  { from: 'core', not: ['modules'] },
  { from: 'db', not: ['core', 'modules'] },
];

const graphOf = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));

describe('the import checker', () => {
  it('names an import from a lower layer to a higher one', () => {
    const graph = graphOf({
      'modules/a/a.service.ts': ['core/http.ts', 'db/schema.ts'],
      'core/http.ts': ['db/schema.ts'],
      'core/tree.ts': ['modules/a/a.service.ts'],
      'db/schema.ts': [],
      'db/seed/seed.ts': ['core/tree.ts', 'db/schema.ts'],
    });
    expect(upwardImports(graph, SERVER_LAYERS)).toEqual([
      'core/tree.ts → modules/a/a.service.ts',
      'db/seed/seed.ts → core/tree.ts',
    ]);
  });

  it('finds a circle through several files, a file importing itself, and no circle in a chain', () => {
    const graph = graphOf({
      'app.ts': ['modules/b/b.plugin.ts', 'core/config.ts'],
      'modules/b/b.plugin.ts': ['modules/b/b.service.ts'],
      'modules/b/b.service.ts': ['app.ts', 'core/config.ts'],
      'core/config.ts': [],
      'core/self.ts': ['core/self.ts'],
      'db/a.ts': ['db/b.ts'],
      'db/b.ts': [],
    });
    expect(importCircles(graph)).toEqual([
      {
        files: ['app.ts', 'modules/b/b.plugin.ts', 'modules/b/b.service.ts'],
        loop: ['app.ts', 'modules/b/b.plugin.ts', 'modules/b/b.service.ts', 'app.ts'],
      },
      { files: ['core/self.ts'], loop: ['core/self.ts', 'core/self.ts'] },
    ]);
  });

  it('reads import and export-from statements, type-only ones too, and resolves them to files', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'import-graph-'));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    try {
      write(
        'a.ts',
        [
          "import { b } from './b.js';", // NodeNext: the .js of the compiled file
          "import type { C } from './c';", // bundler: a folder's index
          "export { d } from './d';",
          "import fs from 'node:fs';", // a package: no edge
          "import { gone } from './missing.js';", // no such file: no edge
          "const lazy = () => import('./e.js');", // loaded lazily: no edge
        ].join('\n'),
      );
      write('b.ts', "export * from './a.js';");
      write('c/index.ts', 'export type C = number;');
      write('d.tsx', "import type { C } from './c/index';\nexport const d = <b />;");
      write('e.ts', "import './a.js';");
      write('types.d.ts', "import './a.js';"); // declarations are not sources
      expect(Object.fromEntries(readImportGraph(root))).toEqual({
        'a.ts': ['b.ts', 'c/index.ts', 'd.tsx'],
        'b.ts': ['a.ts'],
        'c/index.ts': [],
        'd.tsx': ['c/index.ts'],
        'e.ts': ['a.ts'],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('the source trees', () => {
  // Parsing the trees takes seconds on a busy machine: once, beyond a test's time limit.
  const graphs: Record<'server' | 'web', ImportGraph> = { server: new Map(), web: new Map() };
  beforeAll(() => {
    graphs.server = readImportGraph(tree('server/src'));
    graphs.web = readImportGraph(tree('web/src'));
  }, 60_000);

  it('server/src imports only downwards: modules → core → db', () => {
    expect(upwardImports(graphs.server, SERVER_LAYERS)).toEqual([]);
  });

  it('server/src has no import circle', () => {
    expect(importCircles(graphs.server).map((circle) => circle.loop.join(' → '))).toEqual([]);
  });

  it('web/src has no import circle', () => {
    expect(importCircles(graphs.web).map((circle) => circle.loop.join(' → '))).toEqual([]);
  });
});
