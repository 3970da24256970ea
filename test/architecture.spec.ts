import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { contextGraphOf, contextSources, contextTableDifferences, contextTableOf } from './architecture/context-table';
import { migrationImportViolations, migrationIndexProblems } from './architecture/migration-rules';
import { SECTION_START as DIRECTED_SECTION } from '../bench/directed';
import { declaredTypeNames, importCycles, importSpecifiers, redeclaredWireTypes, resolveWebImport, unwrappedArcoImports, type SourceFile } from './architecture/web-rules';

/** The boundaries (docs/ARCHITECTURE.md) between the kernel, the contexts and the domain code, read from the imports. */
const ROOT = resolve(__dirname, '..');
const SRC = join(ROOT, 'src');

/**
 * The repository stands on its own: no tracked file may send its reader to a document the repository does
 * not hold — a product document kept elsewhere (named below), or a relative path that climbs out of the
 * checkout. Relative paths that stay inside it (src/modules importing src/shared/http/reply) are imports.
 */
const OUTSIDE_DOCUMENTS = /\b(?:SPEC|DESIGN|CONTRACT|STYLE)(?:\.md\b|'s §|\s*§)|[Bb]uild[Aa]dmin(?:-behaviour|\s*§)|\bdependencies\.md\b/;

/**
 * The hand-written part of docs/PERFORMANCE.md: from bench/analysis.md's first heading to the section
 * `npm run bench:directed` writes. `npm run bench` rewrites the file from bench/analysis.md, so an analysis
 * written into the document alone is lost at the next run.
 */
function handWrittenPerformance(performance: string, analysis: string): string {
  const heading = analysis.trim().split('\n')[0];
  const start = performance.indexOf(heading);
  const end = performance.indexOf(DIRECTED_SECTION);
  return start < 0 ? '' : performance.slice(start, end < 0 ? undefined : end).trim();
}

function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  return listed.filter((f) => !/(^|\/)package-lock\.json$|\.(png|jpe?g|gif|ico|woff2?|ttf|pdf|xlsx|zip|sqlite)$/i.test(f) && existsSync(join(ROOT, f)));
}

export function outsideReferences(file: string, text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const m of line.matchAll(/\b(?:docs\/[\w.-]+\.md|CONTRIBUTING\.md)\b/g)) {
      if (!existsSync(join(ROOT, m[0]))) found.push(`${where} names ${m[0]}, which the repository does not hold`);
    }
    const named = OUTSIDE_DOCUMENTS.exec(line);
    if (named && !existsSync(join(ROOT, named[0]))) found.push(`${where} names ${named[0]}`);
    // a climbing path to a document or to the product's shared folder (not test data such as ../../etc/x)
    for (const m of line.matchAll(/(?:\.\.\/)+(?:shared\/[\w./@-]*|[\w./@-]*\.md\b)/g)) {
      const target = resolve(ROOT, dirname(file), m[0]);
      if (!target.startsWith(ROOT + sep)) found.push(`${where} points outside the repository: ${m[0]}`);
    }
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Every TypeScript file below dir, specs included (a spec may not cross a boundary either). */
function allTypeScript(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return allTypeScript(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

const CONTRACT = join(ROOT, 'contract');
const WEB = join(ROOT, 'web');
const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);

/** Where an import of a web file lands: `@/x` in web/src, `@contract/x` in contract/, relative paths resolved. */
function webTarget(file: string, spec: string): string | null {
  if (spec.startsWith('@/')) return join(WEB, 'src', spec.slice(2));
  if (spec.startsWith('@contract/')) return join(CONTRACT, spec.slice('@contract/'.length));
  if (spec.startsWith('.')) return resolve(dirname(file), spec);
  return null;
}

const files = sourceFiles(SRC);
const contextOf = (path: string) => {
  const parts = relative(SRC, path).split(sep);
  return parts[0] === 'modules' ? parts[1] : undefined;
};

describe('architecture', () => {
  it('finds the source', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('keeps the kernel (src/shared) free of imports from the contexts', () => {
    const crossings = files
      .filter((f) => relative(SRC, f).startsWith(`shared${sep}`))
      .flatMap((f) => importsOf(f).filter((i) => i.startsWith('.') && resolve(dirname(f), i).startsWith(join(SRC, 'modules'))).map((i) => `${relative(SRC, f)} → ${i}`));
    expect(crossings).toEqual([]);
  });

  it('lets a context reach another only through its index.ts', () => {
    const crossings = files.flatMap((f) => {
      const own = contextOf(f);
      if (!own) return [];
      return importsOf(f)
        .filter((i) => i.startsWith('.'))
        .map((i) => resolve(dirname(f), i))
        .filter((target) => contextOf(target) && contextOf(target) !== own)
        .filter((target) => relative(join(SRC, 'modules'), target).split(sep).length > 1)
        .map((target) => `${relative(SRC, f)} → ${relative(SRC, target)}`);
    });
    expect(crossings).toEqual([]);
  });

  it('keeps domain/ code free of Nest, TypeORM and class-validator', () => {
    const framework = files
      .filter((f) => relative(SRC, f).split(sep).includes('domain'))
      .flatMap((f) => importsOf(f).filter((i) => /^(@nestjs|typeorm|class-validator|class-transformer)/.test(i)).map((i) => `${relative(SRC, f)} → ${i}`));
    expect(framework).toEqual([]);
  });
  it('lets web/ reach the server only through contract/', () => {
    const files = allTypeScript(join(WEB, 'src'));
    expect(files.length).toBeGreaterThan(100);
    const crossings = files.flatMap((f) =>
      importsOf(f)
        .map((spec) => ({ spec, target: webTarget(f, spec) }))
        .filter(({ target }) => target !== null && !inside(target, WEB) && !inside(target, CONTRACT))
        .map(({ spec }) => `${relative(ROOT, f)} → ${spec}`),
    );
    expect(crossings).toEqual([]);
  });

  it('keeps src/ from importing web/', () => {
    const crossings = allTypeScript(SRC).flatMap((f) =>
      importsOf(f)
        .filter((spec) => spec.startsWith('.') && inside(resolve(dirname(f), spec), WEB))
        .map((spec) => `${relative(ROOT, f)} → ${spec}`),
    );
    expect(crossings).toEqual([]);
  });

  it('keeps contract/ plain: no packages (no Nest, no React), nothing outside contract/', () => {
    const files = allTypeScript(CONTRACT);
    expect(files.length).toBeGreaterThan(3);
    const crossings = files.flatMap((f) =>
      importsOf(f)
        .filter((spec) => !spec.startsWith('.') || !inside(resolve(dirname(f), spec), CONTRACT))
        .map((spec) => `${relative(ROOT, f)} → ${spec}`),
    );
    expect(crossings).toEqual([]);
  });

  it('keeps the wire types in contract/: web/src declares no type or interface named like one contract/ exports', () => {
    const read = (f: string): SourceFile => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') });
    const contract = allTypeScript(CONTRACT).filter((f) => !/\.spec\.ts$/.test(f)).map(read);
    const web = allTypeScript(join(WEB, 'src')).map(read);
    expect(web.flatMap((f) => declaredTypeNames(f.text)).length).toBeGreaterThan(100);
    expect(redeclaredWireTypes(contract, web)).toEqual([]);
  });

  it('recognises a wire type declared again in web/src', () => {
    const contract = [{ file: 'contract/orders.ts', text: 'export interface ShipInput {\n  carrier_id: number;\n}\nexport type OrderOf<K> = K;\nexport const ORDER_KINDS = [];' }];
    const again = (text: string) => redeclaredWireTypes(contract, [{ file: 'web/src/x.ts', text }]);
    expect(again('export interface ShipInput {\n  carrier_id: number;\n}')).toEqual(['web/src/x.ts declares ShipInput, which contract/orders.ts exports']);
    expect(again('type OrderOf<K extends string> = { kind: K };')).toHaveLength(1);
    expect(again("import type { ShipInput } from '@contract/orders';\nexport type { OrderOf } from '@contract/orders';\nexport type ShipDraft = ShipInput;")).toEqual([]);
  });

  it('keeps web/src free of import cycles (type imports included)', () => {
    const webSrc = join(WEB, 'src');
    const files = allTypeScript(webSrc);
    const graph = new Map(files.map((f) => [f, importSpecifiers(readFileSync(f, 'utf8')).map((spec) => resolveWebImport(webSrc, f, spec)).filter((t): t is string => t !== null)]));
    expect([...graph.values()].flat().length).toBeGreaterThan(500);
    expect(importCycles(graph).map((cycle) => cycle.map((f) => relative(webSrc, f)).join(' ↔ '))).toEqual([]);
  });

  it('recognises an import cycle, through a type-only import too', () => {
    const text = (imports: string[]) => imports.map((spec) => `import type { X } from '${spec}';`).join('\n');
    const graph = new Map([
      ['stores/root.ts', importSpecifiers(text(['./navTabs'])).map((s) => `stores/${s.slice(2)}.ts`)],
      ['stores/navTabs.ts', importSpecifiers(text(['./root'])).map((s) => `stores/${s.slice(2)}.ts`)],
      ['router/menus.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([['stores/navTabs.ts', 'stores/root.ts']]);
    expect(importCycles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it("keeps Arco's DatePicker behind components/SiteDatePicker (\"today\" is the site's day)", () => {
    const web = allTypeScript(join(WEB, 'src')).map((f): SourceFile => ({ file: relative(ROOT, f).split(sep).join('/'), text: readFileSync(f, 'utf8') }));
    expect(web.filter((f) => /\bDatePicker\b/.test(f.text)).length).toBeGreaterThan(5);
    expect(unwrappedArcoImports(web)).toEqual([]);
  });

  it("recognises Arco's DatePicker imported directly", () => {
    const file = (text: string) => unwrappedArcoImports([{ file: 'web/src/pages/x.tsx', text }]);
    expect(file("import { Button, DatePicker } from '@arco-design/web-react';")).toEqual(["web/src/pages/x.tsx imports Arco's DatePicker: use web/src/components/SiteDatePicker/index.tsx"]);
    expect(file("import {\n  DatePicker as Picker,\n  Input,\n} from '@arco-design/web-react';")).toHaveLength(1);
    expect(file("import { DatePicker } from '@/components/SiteDatePicker';\nimport { Button } from '@arco-design/web-react';")).toEqual([]);
    expect(unwrappedArcoImports([{ file: 'web/src/components/SiteDatePicker/index.tsx', text: "import { DatePicker as ArcoDatePicker } from '@arco-design/web-react';" }])).toEqual([]);
  });

  it('keeps the widgets (web/src/components) free of imports from the features and the pages', () => {
    const webSrc = join(WEB, 'src');
    const crossings = allTypeScript(join(webSrc, 'components')).flatMap((f) =>
      importSpecifiers(readFileSync(f, 'utf8'))
        .map((spec) => ({ spec, target: resolveWebImport(webSrc, f, spec) }))
        .filter(({ target }) => target !== null && (inside(target, join(webSrc, 'features')) || inside(target, join(webSrc, 'pages'))))
        .map(({ spec }) => `${relative(ROOT, f)} → ${spec}`),
    );
    expect(crossings).toEqual([]);
  });

  it('keeps the context table of docs/ARCHITECTURE.md true: a row per context, "talks to" as the imports are', () => {
    const imports = contextGraphOf(ROOT, contextSources(ROOT));
    expect(imports.size).toBeGreaterThan(6);
    const table = contextTableOf(readFileSync(join(ROOT, 'docs', 'ARCHITECTURE.md'), 'utf8'));
    expect(contextTableDifferences(imports, table)).toEqual([]);
  });

  it('recognises a context table that says something else than the imports', () => {
    const sources = [
      { file: 'src/modules/orders/http/a.ts', text: "import { StockLedger } from '../../inventory';\nimport type { Party } from '../../master-data';\nimport { Injectable } from '@nestjs/common';" },
      { file: 'src/modules/orders/domain/b.ts', text: "export { x } from './c';" },
      { file: 'src/modules/inventory/index.ts', text: "export { StockLedger } from './ledger/stock-ledger';" },
      { file: 'src/modules/master-data/index.ts', text: "const lazy = () => import('../platform');" },
      { file: 'src/modules/platform/index.ts', text: '' },
    ];
    const imports = contextGraphOf(ROOT, sources);
    expect([...imports]).toEqual([
      ['inventory', []],
      ['master-data', ['platform']],
      ['orders', ['inventory', 'master-data']],
      ['platform', []],
    ]);
    const doc = (rows: string[]) => ['# A', '', '| context | owns | talks to |', '|---|---|---|', ...rows, '', 'after the table: `cms`'].join('\n');
    const truthful = ['| `platform` | settings | nothing |', '| `master-data` | products | `platform` (lazily) |', '| `inventory` | the ledger | nothing |', '| `orders` | orders | `inventory` (the ledger), `master-data` |'];
    expect(contextTableDifferences(imports, contextTableOf(doc(truthful)))).toEqual([]);
    const wrong = ['| `platform` | settings | nothing |', '| `master-data` | products | `platform`, `accounts` (names only) |', '| `orders` | orders | `inventory` |', '| `cms` | content | `platform` |'];
    expect(contextTableDifferences(imports, contextTableOf(doc(wrong)))).toEqual([
      'context `inventory` (imports nothing) has no row in the table',
      'the row of `master-data` says it talks to `accounts`, but nothing of `master-data` imports it',
      '`orders` imports `master-data`, which its row does not say',
      'the table has a row for `cms`, which is not a context in src/modules',
    ]);
    expect(() => contextTableOf('| context | owns |\n|---|---|')).toThrow('no table with the header');
  });

  it('keeps every migration on migrations/ and packages: application code they need is frozen in migrations/support', () => {
    const migrationFiles = allTypeScript(join(ROOT, 'migrations'));
    expect(migrationFiles.length).toBeGreaterThan(30);
    const sources = migrationFiles.map((f) => ({ file: relative(ROOT, f), text: readFileSync(f, 'utf8') }));
    expect(migrationImportViolations(ROOT, sources)).toEqual([]);
  });

  it('recognises a migration importing application code', () => {
    const file = (text: string) => [{ file: 'migrations/1764009999999-x.ts', text }];
    expect(migrationImportViolations(ROOT, file("import { chainHash } from '../src/modules/inventory/domain/event-chain';"))).toEqual([
      "migrations/1764009999999-x.ts → ../src/modules/inventory/domain/event-chain (src/modules/inventory/domain/event-chain): copy what it needs into migrations/support",
    ]);
    expect(migrationImportViolations(ROOT, file("import type { OrderKind } from '../contract/orders';"))).toHaveLength(1);
    expect(migrationImportViolations(ROOT, file("const { x } = require('../src/shared/database/sql-dialect');"))).toHaveLength(1);
    expect(migrationImportViolations(ROOT, [{ file: 'migrations/support/rows.ts', text: "export { ident } from '../../src/shared/database/sql-dialect';" }])).toHaveLength(1);
    expect(
      migrationImportViolations(ROOT, file("import { MigrationInterface } from 'typeorm';\nimport { createHash } from 'node:crypto';\nimport { col } from './columns';\nimport { chunk } from './support/rows';")),
    ).toEqual([]);
  });

  it('lists every migration once in migrations/index.ts, in timestamp order', () => {
    const migrationFiles = readdirSync(join(ROOT, 'migrations')).filter((f) => /^\d{13}-.*\.ts$/.test(f)).map((f) => f.replace(/\.ts$/, ''));
    expect(migrationFiles.length).toBeGreaterThan(30);
    expect(migrationIndexProblems(readFileSync(join(ROOT, 'migrations', 'index.ts'), 'utf8'), migrationFiles)).toEqual([]);
  });

  it('recognises an unsorted or incomplete migration index', () => {
    const index = (imports: string[], listed: string[]) =>
      imports.map((name) => `import { ${name} } from './${name.replace(/(\d{13})$/, '')}-${name.slice(-13)}';`).join('\n') + `\nexport const migrations: Function[] = [\n  ${listed.join(',\n  ')},\n];\n`;
    const files = ['A-1764000000000', 'B-1764000000100'];
    expect(migrationIndexProblems(index(['A1764000000000', 'B1764000000100'], ['A1764000000000', 'B1764000000100']), files)).toEqual([]);
    expect(migrationIndexProblems(index(['A1764000000000', 'B1764000000100'], ['B1764000000100', 'A1764000000000']), files)).toEqual(['the list: A1764000000000 comes after B1764000000100']);
    expect(migrationIndexProblems(index(['A1764000000000'], ['A1764000000000']), files)).toEqual(['B-1764000000100 is not imported']);
    expect(migrationIndexProblems(index(['A1764000000000', 'B1764000000100'], ['A1764000000000']), files)).toEqual(['B1764000000100 (B-1764000000100) is imported but not listed']);
  });

  it("keeps docs/PERFORMANCE.md's analysis as bench/analysis.md holds it (the bench writes it from there)", () => {
    const analysis = readFileSync(join(ROOT, 'bench', 'analysis.md'), 'utf8');
    expect(handWrittenPerformance(readFileSync(join(ROOT, 'docs', 'PERFORMANCE.md'), 'utf8'), analysis)).toBe(analysis.trim());
  });

  it('recognises an analysis written into docs/PERFORMANCE.md alone', () => {
    const analysis = '## What the numbers say\n\n### Round one\n\nFast.\n';
    const written = `# Performance\n\n| table |\n\n${analysis}\n${DIRECTED_SECTION}\n## Directed\n`;
    expect(handWrittenPerformance(written, analysis)).toBe(analysis.trim());
    expect(handWrittenPerformance(written.replace('Fast.', 'Fast.\n\n### Round two\n\nFaster.'), analysis)).not.toBe(analysis.trim());
  });

  it('keeps every tracked file free of references to documents outside the repository', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => outsideReferences(f, readFileSync(join(ROOT, f), 'utf8')))).toEqual([]);
  });

  it('recognises a reference to a document outside the repository', () => {
    // The examples are assembled, so that this file itself names no outside document.
    const up = (levels: number) => '../'.repeat(levels);
    const doc = (name: string) => `${name}.md`;
    expect(outsideReferences('src/a.ts', `/** see ${doc('DESIGN')} §6 */`)).toHaveLength(1);
    expect(outsideReferences('README.md', `See \`${up(1)}shared/${doc('CONTRACT')}\`.`)).toHaveLength(2);
    expect(outsideReferences('src/modules/x/y.ts', `import { reply } from '${up(2)}shared/http/reply';`)).toEqual([]);
    expect(outsideReferences('src/modules/x/y.ts', `see ${up(4)}shared/reference/notes.md`)).toHaveLength(1);
    expect(outsideReferences('src/a.ts', `/** docs/${doc('NOWHERE')} */`)).toHaveLength(1);
    expect(outsideReferences('web/a.ts', `// the query (${'CONTRACT'} §2), as in ${'build'}admin §6.3`)).toHaveLength(1);
    expect(outsideReferences('src/a.ts', '/** docs/API.md */')).toEqual([]);
  });
});
