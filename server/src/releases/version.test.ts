// A release's version names its code: the commit alone when `release publish` built the remote
// from that commit's tree; else the commit and the build's digest, which is its files' names and
// bytes only (the same build in another folder has the same one). What counts as "the commit's
// tree" is the remote's folder and every input of its build, not the rest of the repository.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fakeBuild } from '../testing/release-fixtures.js';
import {
  BUILD_INPUTS,
  integrityOf,
  publish,
  releaseDigest,
  remoteApp,
  versionOf,
} from './actions.js';

const work = mkdtempSync(join(tmpdir(), 'hypertek-version-'));
after(() => rmSync(work, { recursive: true, force: true }));

const checkout = remoteApp('checkout');

/** A repository with the checkout's package.json and one file in each build input, committed. */
function repository(): { root: string; commit: string } {
  const root = mkdtempSync(join(work, 'repo-'));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.email=test@hypertek.test', '-c', 'user.name=test', ...args], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
  git('init', '-q');
  const files: Record<string, string> = {
    [`${checkout.dir}/package.json`]: JSON.stringify({ version: '1.4.0' }),
    [`${checkout.dir}/src/page.tsx`]: 'export default 1;',
    'shared/src/index.ts': 'export {};',
    'scripts/rspack/create-app-config.mjs': 'export {};',
    'package.json': '{}',
    'pnpm-lock.yaml': 'lockfileVersion: 9.0',
    'pnpm-workspace.yaml': 'packages: []',
    'api/src/server.ts': 'export {};',
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  git('add', '.');
  git('commit', '-q', '-m', 'one');
  return { root, commit: git('rev-parse', '--short=7', 'HEAD') };
}

void describe('the version of a build', () => {
  let build = '';
  let digest = '';
  before(() => {
    build = fakeBuild(work, 'one');
    digest = releaseDigest(integrityOf(build)).slice(0, 8);
  });

  void test('the commit alone when it was built from the commit', () => {
    const { root, commit } = repository();
    assert.equal(versionOf(checkout, build, root, { builtFromTree: true }), `1.4.0+${commit}`);
    // A change outside the remote and its build's inputs changes nothing.
    writeFileSync(join(root, 'api/src/server.ts'), 'export const changed = 1;');
    writeFileSync(join(root, 'README.md'), 'new, not committed');
    assert.equal(versionOf(checkout, build, root, { builtFromTree: true }), `1.4.0+${commit}`);
  });

  void test("with the build's digest when the remote or an input of its build is not committed", () => {
    assert.deepEqual(BUILD_INPUTS.slice(0, 2), ['shared', 'scripts/rspack']);
    for (const change of [
      `${checkout.dir}/src/page.tsx`,
      'shared/src/new-file.ts', // not tracked yet
      'scripts/rspack/create-app-config.mjs',
      'pnpm-lock.yaml',
    ]) {
      const { root, commit } = repository();
      writeFileSync(join(root, change), '// changed');
      assert.equal(
        versionOf(checkout, build, root, { builtFromTree: true }),
        `1.4.0+${commit}.dirty.${digest}`,
        change,
      );
    }
  });

  void test('with its digest when it was built before (--no-build): its tree is unknown', () => {
    const { root, commit } = repository();
    assert.equal(versionOf(checkout, build, root), `1.4.0+${commit}.prebuilt.${digest}`);
    // Not a git checkout: no commit, the digest alone.
    const plain = mkdtempSync(join(work, 'plain-'));
    mkdirSync(join(plain, checkout.dir));
    writeFileSync(join(plain, checkout.dir, 'package.json'), JSON.stringify({ version: '1.4.0' }));
    assert.equal(
      versionOf(checkout, build, plain, { builtFromTree: true }),
      `1.4.0+nogit.dirty.${digest}`,
    );
  });

  void test('the digest is the files, not their folder: another byte is another version', () => {
    const { root } = repository();
    const moved = join(work, 'elsewhere', 'build');
    cpSync(build, moved, { recursive: true });
    assert.equal(versionOf(checkout, moved, root), versionOf(checkout, build, root));
    writeFileSync(join(moved, 'remoteEntry.js'), '/* checkout entry: One */');
    assert.notEqual(versionOf(checkout, moved, root), versionOf(checkout, build, root));
  });

  void test('publish names a build it did not make by its digest', async () => {
    const { root, commit } = repository();
    const dir = join(work, 'releases');
    const publishBuild = (builtFromTree: boolean) =>
      publish({ dir, remote: 'checkout', actor: 'pay', buildDir: build, cwd: root, builtFromTree });
    assert.equal((await publishBuild(false)).version, `1.4.0+${commit}.prebuilt.${digest}`);
    assert.equal((await publishBuild(true)).version, `1.4.0+${commit}`);
    // The same source published again is the same version, refused.
    await assert.rejects(
      publishBuild(true),
      /is already published: a release is never overwritten, and the same source builds to the same version/,
    );
  });
});
