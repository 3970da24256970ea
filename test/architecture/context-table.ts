/**
 * The context table of docs/ARCHITECTURE.md ("talks to") against the imports: which context of src/modules
 * imports which other one, computed from the source, and parsed from the document, so that
 * test/architecture.spec.ts fails with a readable difference when the one no longer says what the other does.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { SourceFile } from './web-rules';

/** Context → the other contexts it imports (sorted). */
export type ContextGraph = Map<string, string[]>;

function specifiers(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/**
 * Who imports whom among the contexts, from the files (paths relative to `root`) below src/modules: a relative
 * import of a file in src/modules/<context> that lands in src/modules/<other>. Every context gets an entry.
 */
export function contextGraphOf(root: string, files: SourceFile[]): ContextGraph {
  const modules = resolve(root, 'src', 'modules');
  const contextOf = (path: string) => {
    const rel = relative(modules, path);
    return rel.startsWith('..') || rel === '' ? undefined : rel.split(sep)[0];
  };
  const graph = new Map<string, Set<string>>();
  for (const { file, text } of files) {
    const own = contextOf(resolve(root, file));
    if (!own) continue;
    const targets = graph.get(own) ?? new Set<string>();
    graph.set(own, targets);
    for (const spec of specifiers(text)) {
      if (!spec.startsWith('.')) continue;
      const other = contextOf(resolve(root, dirname(file), spec));
      if (other && other !== own) targets.add(other);
    }
  }
  return new Map([...graph].sort(([a], [b]) => a.localeCompare(b)).map(([context, targets]) => [context, [...targets].sort()]));
}

/** The production source of the contexts (specs and test helpers left out: they may reach anywhere). */
export function contextSources(root: string): SourceFile[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'testing' ? [] : walk(path);
      return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
    });
  return walk(join(root, 'src', 'modules')).map((path) => ({ file: relative(root, path), text: readFileSync(path, 'utf8') }));
}

/**
 * The context table of the document: the rows of the table whose header is `| context | owns | talks to |`;
 * a row's context is the backticked name of its first cell, what it talks to the backticked names of its
 * third ("nothing" when it names none). Text around the names (what for, through what) is for the reader.
 */
export function contextTableOf(markdown: string): ContextGraph {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\|\s*context\s*\|\s*owns\s*\|\s*talks to\s*\|\s*$/.test(line));
  if (header < 0) throw new Error('no table with the header | context | owns | talks to |');
  const table: ContextGraph = new Map();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    const names = (cell: string) => [...cell.matchAll(/`([a-z][a-z-]*)`/g)].map((m) => m[1]);
    const [context] = names(cells[0] ?? '');
    if (!context) throw new Error(`a row of the context table names no context: ${line}`);
    table.set(context, [...new Set(names(cells[2] ?? ''))].sort());
  }
  return table;
}

/** What the table says that the imports do not, and the other way round, one line each ([] when they agree). */
export function contextTableDifferences(imports: ContextGraph, table: ContextGraph): string[] {
  const differences: string[] = [];
  for (const [context, targets] of imports) {
    const said = table.get(context);
    if (!said) {
      differences.push(`context \`${context}\` (imports ${targets.map((t) => `\`${t}\``).join(', ') || 'nothing'}) has no row in the table`);
      continue;
    }
    for (const target of targets) if (!said.includes(target)) differences.push(`\`${context}\` imports \`${target}\`, which its row does not say`);
    for (const target of said) if (!targets.includes(target)) differences.push(`the row of \`${context}\` says it talks to \`${target}\`, but nothing of \`${context}\` imports it`);
  }
  for (const context of table.keys()) if (!imports.has(context)) differences.push(`the table has a row for \`${context}\`, which is not a context in src/modules`);
  return differences;
}
