// The same source builds to the same bytes (issue 30, point 1): a remote built twice, and again
// from a copy of the repository in another folder, gives the same files, byte for byte, and the
// same release digest; so does the host. When a build differs, the failure names the first file
// that does and shows the bytes around the first difference (compare-builds.mjs).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { APPS, repoRoot } from '../../server/src/apps.mjs';
import { integrityOf, releaseDigest } from '../../server/src/releases/actions.ts';
import { buildApp, copyRepository, filesOf, firstDifference } from './compare-builds.mjs';
import { assertNoManifestEnvironment, federationEntryWithoutPaths } from './reproducible.mjs';

const work = mkdtempSync(join(tmpdir(), 'hypertek-reproducible-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** A folder of files (path → text) under the test's folder. */
function folder(/** @type {string} */ name, /** @type {Record<string, string>} */ files) {
  const dir = join(work, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe('comparing two builds', () => {
  it('names the first file that differs, with the line around the first byte that does', () => {
    const files = {
      'remoteEntry.js': 'var marketing;(()=>{"use strict";var e={1:()=>{}};})();',
      'static/js/1.abc.js': '(self.webpackChunk=[]).push([[1],{7(e){e.exports=1}}]);',
      'mf-manifest.json': '{\n  "name": "marketing",\n  "version": "1.0.0"\n}\n',
    };
    const a = folder('a', files);
    assert.equal(firstDifference(a, folder('same', files)), null);
    const changed = folder('changed', {
      ...files,
      'mf-manifest.json': files['mf-manifest.json'].replace('1.0.0', '1.0.1'),
      'static/js/1.abc.js': files['static/js/1.abc.js'].replace('7(e)', '8(e)'),
    });
    const report = firstDifference(a, changed) ?? '';
    // The first in path order, and only it.
    assert.match(report, /^mf-manifest\.json differs \(48 and 48 bytes\), first at byte 43:/);
    assert.match(report, /line 3: " {2}\\"version\\": \\"1\.0\.0\\""/);
    assert.match(report, /line 3: " {2}\\"version\\": \\"1\.0\.1\\""/);
    assert.doesNotMatch(report, /1\.abc\.js/);
    const renamed = folder('renamed', {
      ...files,
      'static/js/1.abd.js': files['static/js/1.abc.js'],
    });
    rmSync(join(renamed, 'static/js/1.abc.js'));
    assert.match(
      firstDifference(a, renamed) ?? '',
      /only in .*: static\/js\/1\.abc\.js\n.*only in .*: static\/js\/1\.abd\.js/,
    );
  });

  it("a release's digest is its files' names and bytes, in no order but theirs", () => {
    const integrity = { 'b.js': 'sha384-b', 'a.js': 'sha384-a' };
    const digest = releaseDigest(integrity);
    assert.match(digest, /^[0-9a-f]{64}$/);
    assert.equal(releaseDigest({ 'a.js': 'sha384-a', 'b.js': 'sha384-b' }), digest);
    assert.notEqual(releaseDigest({ ...integrity, 'a.js': 'sha384-c' }), digest);
    assert.notEqual(releaseDigest({ 'c.js': 'sha384-b', 'a.js': 'sha384-a' }), digest);
    // A name and a digest cannot trade characters: each is ended by its own separator.
    assert.notEqual(releaseDigest({ 'a.js': 'sha384-ab' }), releaseDigest({ 'a.jss': 'ha384-ab' }));
  });
});

describe('what the build does for it', () => {
  it("imports the federation runtime's files by package path, and stops at one it cannot", () => {
    const bundler = join(repoRoot, 'node_modules/.pnpm/x/node_modules/@mf/bundler/dist/index.cjs');
    const { alias, rewrite } = federationEntryWithoutPaths({
      [`${bundler}$`]: bundler.replace(/\.cjs$/, '.js'),
    });
    assert.deepEqual(alias, {
      '@mf/bundler/dist/index.cjs$': bundler.replace(/\.cjs$/, '.js'),
    });
    const entry = (source) =>
      `@module-federation/runtime/rspack.js!=!data:text/javascript,${encodeURIComponent(source)}`;
    const rewritten = rewrite(entry(`import b from ${JSON.stringify(bundler)};const n = "m"`));
    assert.equal(rewritten, entry('import b from "@mf/bundler/dist/index.cjs";const n = "m"'));
    assert.ok(!rewritten.includes(encodeURIComponent(repoRoot)));
    assert.equal(rewrite('./src/index.ts'), './src/index.ts', 'other requests are left alone');
    assert.throws(
      () => rewrite(entry('import p from "/opt/app/node_modules/other/plugin.js"')),
      /imports \/opt\/app\/node_modules\/other\/plugin\.js by absolute path/,
    );
  });

  it("refuses to let the environment into the manifest's build facts", () => {
    assert.doesNotThrow(() => assertNoManifestEnvironment({}));
    assert.throws(
      () => assertNoManifestEnvironment({ MF_BUILD_VERSION: '42' }),
      /^Error: MF_BUILD_VERSION is set: .*package\.json.*; unset it$/,
    );
    assert.throws(
      () => assertNoManifestEnvironment({ MF_BUILD_VERSION: '42', MF_BUILD_NAME: 'ci' }),
      /MF_BUILD_VERSION and MF_BUILD_NAME are set/,
    );
  });
});

describe('the same source builds to the same bytes', () => {
  const elsewhere = join(work, 'another', 'folder', 'hypertek');
  /** Why the builds in another folder cannot run here, if they cannot. */
  let noCopy = '';
  before(() => {
    // Hard links need one file system: the copy's folder and the repository's.
    if (statSync(work).dev !== statSync(repoRoot).dev) {
      noCopy = `${tmpdir()} is not on the repository's file system (set TMPDIR to a folder that is)`;
      return;
    }
    const started = Date.now();
    copyRepository(repoRoot, elsewhere);
    console.log(`# copied the repository to another folder in ${Date.now() - started} ms`);
  });

  /**
   * Builds the app in `dir` of the repository at `root` into `out`, saying how long it took.
   * @param {import('node:test').TestContext} t @param {string} root @param {string} dir
   * @param {string} out
   */
  function timedBuild(t, root, dir, out) {
    const started = Date.now();
    buildApp(join(root, dir), out);
    t.diagnostic(
      `built ${dir} ${root === repoRoot ? 'in place' : 'in the copy'}: ${Date.now() - started} ms`,
    );
    return out;
  }

  /** Asserts two builds are the same files with the same bytes, naming the first that is not. */
  function assertSameBuild(/** @type {string} */ a, /** @type {string} */ b) {
    const difference = firstDifference(a, b);
    assert.equal(difference, null, `two builds of one source differ:\n${difference}`);
  }

  it('a remote (marketing, with its prerendered pages) built twice and from another folder', (t) => {
    const app = APPS.find((a) => a.name === 'marketing');
    assert.ok(app);
    const first = timedBuild(t, repoRoot, app.dir, join(work, 'marketing-1'));
    const second = timedBuild(t, repoRoot, app.dir, join(work, 'marketing-2'));
    const files = filesOf(first);
    // A whole remote: entry, manifest, chunks, styles, source maps, first screens.
    for (const file of ['remoteEntry.js', 'mf-manifest.json', 'prerender/home.html'])
      assert.ok(files.includes(file), `${file} is in the build`);
    assert.ok(files.some((f) => /^static\/js\/__federation_expose_home\.[0-9a-f]+\.js$/.test(f)));
    assertSameBuild(first, second);
    const digest = releaseDigest(integrityOf(first));
    assert.equal(releaseDigest(integrityOf(second)), digest, 'the same release digest');
    t.diagnostic(`${files.length} files, release digest ${digest.slice(0, 8)}`);

    if (noCopy) return t.skip(noCopy);
    const moved = timedBuild(t, elsewhere, app.dir, join(work, 'marketing-elsewhere'));
    assertSameBuild(first, moved);
    assert.equal(releaseDigest(integrityOf(moved)), digest, 'the same release digest');
  });

  it('the host, built here and from another folder', (t) => {
    if (noCopy) return t.skip(noCopy);
    const here = timedBuild(t, repoRoot, 'host', join(work, 'host-here'));
    assert.ok(filesOf(here).includes('index.html'));
    assertSameBuild(here, timedBuild(t, elsewhere, 'host', join(work, 'host-elsewhere')));
  });
});
