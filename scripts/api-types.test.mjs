// The front end's API types follow the API's schemas (scripts/api-types.mjs and
// shared/src/api/conformance.ts), proven on a copy of the tree: shared's `typecheck` passes on
// the tree as it is, and fails, naming the call and the field, once one response field of one
// API schema is renamed without the front end following it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, describe, it } from 'node:test';

import { inputsHash, OUTPUT, recordedHash, repoRoot } from './api-types.mjs';

/** What the document and shared's typecheck need; node_modules are linked, not copied. */
const COPIED = [
  'package.json',
  'pnpm-lock.yaml',
  'tsconfig.base.json',
  'scripts/api-types.mjs',
  'api/package.json',
  'api/tsconfig.json',
  'api/src',
  'api/drizzle',
  'shared/package.json',
  'shared/tsconfig.json',
  'shared/src',
];
const LINKED = ['node_modules', 'api/node_modules', 'shared/node_modules'];

const root = mkdtempSync(join(tmpdir(), 'hypertek-api-types-'));
after(() => rmSync(root, { recursive: true, force: true }));
for (const path of COPIED) {
  cpSync(join(repoRoot, path), join(root, path), {
    recursive: true,
    // The generated types come along when the tree has them: the copy writes them again only
    // if they are not current for it.
    filter: (source) => !source.endsWith('.tmp'),
  });
}
for (const path of LINKED) symlinkSync(join(repoRoot, path), join(root, path), 'dir');

/** shared's `typecheck` script, as `pnpm typecheck` runs it in the copy. */
function typecheck() {
  const { scripts } = JSON.parse(readFileSync(join(root, 'shared/package.json'), 'utf8'));
  assert.match(
    scripts.typecheck,
    /api-types\.mjs/,
    "shared's typecheck writes the API types first",
  );
  const result = spawnSync(scripts.typecheck, {
    cwd: join(root, 'shared'),
    shell: true,
    encoding: 'utf8',
    env: {
      ...process.env,
      PATH: [join(root, 'shared/node_modules/.bin'), process.env.PATH].join(delimiter),
    },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("the front end's API types (node scripts/api-types.mjs, shared's typecheck)", () => {
  it('passes on the tree as it is', () => {
    const { status, output } = typecheck();
    assert.equal(status, 0, output);
    assert.ok(existsSync(join(root, OUTPUT)));
    const generated = readFileSync(join(root, OUTPUT), 'utf8');
    assert.match(generated, /"\/api\/v1\/market\/getMarket": \{/);
    assert.equal(recordedHash(root), inputsHash(root));
  });

  it('fails when a response field of an API schema changes and the front end does not follow', () => {
    const file = join(root, 'api/src/routes/schemas.ts');
    const source = readFileSync(file, 'utf8');
    // The catalogue item's serial number, renamed in the API's item schema only.
    const changed = source.replace(
      /(export const ItemSchema = Type\.Object\(\{[^}]*?)\bserialNumber:/,
      '$1serial:',
    );
    assert.notEqual(changed, source, 'ItemSchema has a serialNumber field to rename');
    writeFileSync(file, changed);

    const { status, output } = typecheck();
    assert.notEqual(status, 0, output);
    assert.match(output, /api-types: wrote /, 'the changed schema is seen without being asked');
    // The calls that read items, named with their routes; the field the front end misses.
    assert.match(output, /"getMarket: GET \/market\/getMarket"/);
    assert.match(output, /"getLand: GET \/land\/getland"/);
    assert.match(output, /Property 'serialNumber' is missing/);
    // Only the conformance check fails: the front end's own code still compiles.
    const files = new Set([...output.matchAll(/^(\S+)\(\d+,\d+\): error/gm)].map((m) => m[1]));
    assert.deepEqual([...files], ['src/api/conformance.ts']);
  });

  it('writes the types again only when what the document is made from changes', () => {
    const before = inputsHash(root);
    const file = join(root, 'shared/src/contract/messages.ts');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    assert.notEqual(inputsHash(root), before, 'the contract the API imports is an input');
    const test = join(root, 'api/src/zz-probe.test.ts');
    const now = inputsHash(root);
    writeFileSync(test, '// a test file is not an input\n');
    assert.equal(inputsHash(root), now);
  });
});
