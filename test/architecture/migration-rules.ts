/**
 * The migrations' rules as plain functions over source text, so that each can be shown catching a broken
 * example (test/architecture.spec.ts): a migration imports only packages and files inside migrations/
 * (migrations/support holds frozen copies of the application code they need), and migrations/index.ts lists
 * every migration once, in timestamp order.
 */
import { dirname, relative, resolve, sep } from 'node:path';
import type { SourceFile } from './web-rules';

/** Every module a file loads: static and type imports, re-exports, `import()` and `require()`. */
export function loadedModules(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\brequire\(\s*['"]([^'"]+)['"]\s*\)/gm)].map(
    (m) => m[1] ?? m[2] ?? m[3] ?? m[4],
  );
}

/**
 * Imports of a migration file (`file` relative to `root`) that leave migrations/: live application code
 * (src/, contract/, test/ …) that would change a shipped migration when it changes.
 */
export function migrationImportViolations(root: string, files: SourceFile[]): string[] {
  const migrations = resolve(root, 'migrations');
  return files.flatMap(({ file, text }) =>
    loadedModules(text)
      .filter((spec) => spec.startsWith('.') || spec.startsWith('/'))
      .filter((spec) => {
        const target = resolve(root, dirname(file), spec);
        return target !== migrations && !target.startsWith(migrations + sep);
      })
      .map((spec) => `${file} → ${spec} (${relative(root, resolve(root, dirname(file), spec))}): copy what it needs into migrations/support`),
  );
}

const timestampOf = (name: string) => Number(/(\d{13})$/.exec(name)?.[1] ?? NaN);

/**
 * What is wrong with migrations/index.ts: a migration file it does not list, a name listed twice or without
 * a timestamp, and the list or its imports out of timestamp order.
 */
export function migrationIndexProblems(indexText: string, migrationFiles: string[]): string[] {
  const problems: string[] = [];
  const imported = [...indexText.matchAll(/^import\s+\{\s*(\w+)\s*\}\s+from\s+'\.\/([\w-]+)';/gm)].map((m) => ({ name: m[1], file: m[2] }));
  const body = /migrations: Function\[\] = \[([\s\S]*?)\];/.exec(indexText)?.[1] ?? '';
  const listed = body.split(',').map((s) => s.trim()).filter(Boolean);
  for (const file of migrationFiles) if (!imported.some((i) => i.file === file)) problems.push(`${file} is not imported`);
  for (const { name, file } of imported) if (!listed.includes(name)) problems.push(`${name} (${file}) is imported but not listed`);
  for (const name of new Set(listed)) if (listed.indexOf(name) !== listed.lastIndexOf(name)) problems.push(`${name} is listed twice`);
  for (const name of listed) if (Number.isNaN(timestampOf(name))) problems.push(`${name} has no timestamp`);
  const outOfOrder = (names: string[], what: string) =>
    names.forEach((name, i) => {
      if (i > 0 && timestampOf(names[i - 1]) > timestampOf(name)) problems.push(`${what}: ${name} comes after ${names[i - 1]}`);
    });
  outOfOrder(listed, 'the list');
  outOfOrder(imported.map((i) => i.name), 'the imports');
  return problems;
}
