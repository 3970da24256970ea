/**
 * The web app's boundaries as plain functions over source text, so that each rule can be shown catching a
 * broken example (test/architecture.spec.ts): no wire type declared again beside contract/, no import cycle,
 * no widget reaching into a feature or a page.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export interface SourceFile {
  file: string;
  text: string;
}

/** The names a contract file exports (declarations, not re-exports). */
export function exportedNames(text: string): string[] {
  return [...text.matchAll(/^export\s+(?:declare\s+)?(?:interface|type|const|let|function|enum|class)\s+([A-Za-z_$][\w$]*)/gm)].map((m) => m[1]);
}

/** The types and interfaces a file declares itself (`type X =`, `type X<…> =`, `interface X`), exported or not. */
export function declaredTypeNames(text: string): string[] {
  return [...text.matchAll(/^[ \t]*(?:export\s+)?(?:declare\s+)?(?:type\s+([A-Za-z_$][\w$]*)\s*(?:<[^=;]*>)?\s*=|interface\s+([A-Za-z_$][\w$]*)\s*[<{]|interface\s+([A-Za-z_$][\w$]*)\s+extends\b)/gm)].map(
    (m) => m[1] ?? m[2] ?? m[3],
  );
}

/** Every web type or interface named like a type contract/ exports: a wire type written a second time. */
export function redeclaredWireTypes(contract: SourceFile[], web: SourceFile[]): string[] {
  const exported = new Map<string, string>();
  for (const { file, text } of contract) for (const name of exportedNames(text)) exported.set(name, file);
  return web.flatMap(({ file, text }) => declaredTypeNames(text).filter((name) => exported.has(name)).map((name) => `${file} declares ${name}, which ${exported.get(name)} exports`));
}

/** Every import of a file, type-only ones included (they tie the files together for a reader as much). */
export function importSpecifiers(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm)].map((m) => m[1] ?? m[2]);
}

/** The file an import of the web app lands on (`@/x` in web/src, relative paths), or null for a package or contract/. */
export function resolveWebImport(webSrc: string, from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = join(webSrc, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The cycles of an import graph: its strongly connected parts of more than one file, or a file importing itself. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      part.push(member);
    } while (member !== node);
    if (part.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(part.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/**
 * Arco components the web app uses only through its own wrapper (their names imported from
 * '@arco-design/web-react' outside the wrapper): DatePicker → components/SiteDatePicker, whose "today" is the
 * site's day.
 */
export const WRAPPED_ARCO = { DatePicker: 'web/src/components/SiteDatePicker/index.tsx' } as const;

export function unwrappedArcoImports(files: SourceFile[]): string[] {
  return files.flatMap(({ file, text }) =>
    [...text.matchAll(/^\s*import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@arco-design\/web-react['"]/gm)].flatMap((m) =>
      m[1]
        .split(',')
        .map((name) => name.trim().split(/\s+as\s+/)[0])
        .filter((name): name is keyof typeof WRAPPED_ARCO => name in WRAPPED_ARCO && WRAPPED_ARCO[name as keyof typeof WRAPPED_ARCO] !== file)
        .map((name) => `${file} imports Arco's ${name}: use ${WRAPPED_ARCO[name]}`),
    ),
  );
}
