import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** STYLE.md §4: the boundaries between the kernel, the contexts and the domain code, read from the imports. */
const SRC = resolve(__dirname, '..', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
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
});
