/**
 * Layer guard (issue 28): the API's runtime code never imports the seed. The seed
 * (src/db/seed/) fills a database with sample data; what the running API needs (the item art
 * renderer, for one) lives under src/lib/ and the seed imports it from there, not the other way
 * round.
 *
 * Reads every `.ts` file under src/ outside src/db/seed/, takes its imports as TypeScript does
 * (static, type-only, re-exports, `import()`; comments and strings ignored), resolves the
 * relative ones against the file, and fails naming each file that reaches into the seed folder.
 * The few files allowed to are listed below with the reason; the list is checked too, so an
 * entry goes when its import does.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const src = fileURLToPath(new URL('../src', import.meta.url));
const seedDir = join(src, 'db', 'seed');

/** Files (relative to src/, with `/`) allowed to import the seed, and why. */
const ALLOWED: Record<string, string> = {
  'scripts/seed.ts': 'the seed command (pnpm seed)',
  'scripts/seed-large.ts': 'the benchmark seed command (pnpm seed:large)',
  'plugins/app/database.ts': 'seeds an empty catalogue on start (SEED_ON_START)',
};

const toPosix = (path: string): string => path.split(sep).join('/');
const inside = (dir: string, path: string): boolean => path === dir || path.startsWith(dir + sep);

/** The import specifiers of a file that lead into the seed folder. */
function seedImports(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .filter((specifier) => inside(seedDir, resolve(dirname(file), specifier)));
}

/** Every `.ts` file under src/ outside the seed folder, with its seed imports. */
function runtimeFiles(): { file: string; imports: string[] }[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => join(src, path))
    .filter((file) => !inside(seedDir, file))
    .sort()
    .map((file) => ({ file: toPosix(relative(src, file)), imports: seedImports(file) }));
}

describe('layers: runtime code does not import the seed', () => {
  const files = runtimeFiles();

  it('no file under src/ outside src/db/seed/ imports from it (but the listed ones)', () => {
    assert.ok(files.length > 50, `only ${files.length} files found under ${src}`);
    const offenders = files
      .filter(({ file, imports }) => imports.length > 0 && !(file in ALLOWED))
      .map(({ file, imports }) => `src/${file} imports ${imports.join(', ')}`);
    assert.deepEqual(
      offenders,
      [],
      `runtime code imports the seed (move what it needs under src/lib/):\n${offenders.join('\n')}`,
    );
  });

  it('each listed exception still imports the seed', () => {
    const stale = Object.keys(ALLOWED).filter(
      (allowed) => !files.some(({ file, imports }) => file === allowed && imports.length > 0),
    );
    assert.deepEqual(
      stale,
      [],
      `no longer import the seed, drop from ALLOWED: ${stale.join(', ')}`,
    );
  });

  it('sees a seed import however it is written', () => {
    const { importedFiles } = ts.preProcessFile(
      [
        "import { renderItemSvg } from '../db/seed/art';",
        "import type { X } from '../../db/seed/catalogue';",
        "export { y } from './seed/art';",
        "const m = await import('../db/seed');",
        "// import { z } from '../db/seed/art';",
      ].join('\n'),
      true,
      true,
    );
    const file = join(src, 'db', 'probe.ts');
    const fromLib = join(src, 'lib', 'probe.ts');
    const specifiers = importedFiles.map(({ fileName }) => fileName);
    assert.deepEqual(specifiers, [
      '../db/seed/art',
      '../../db/seed/catalogue',
      './seed/art',
      '../db/seed',
    ]);
    assert.ok(inside(seedDir, resolve(dirname(fromLib), '../db/seed/art')));
    assert.ok(inside(seedDir, resolve(dirname(file), './seed/art')));
    assert.ok(inside(seedDir, resolve(dirname(fromLib), '../db/seed')));
    assert.ok(!inside(seedDir, resolve(dirname(fromLib), '../db/seeds/art')));
    assert.ok(!inside(seedDir, resolve(dirname(fromLib), './item-art')));
  });
});
