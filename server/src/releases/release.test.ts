// Releases of a remote on real servers: publish writes an immutable release, the remote's server
// serves every release under /releases/<version>/, and the host's /config.json follows the
// registry's promote and rollback within seconds, without a restart; the history keeps each
// change with its actor, in order.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { repoRoot } from '../apps.mjs';
import {
  fakeBuild as fakeBuildIn,
  runScript,
  startHostAndCheckout,
} from '../testing/release-fixtures.js';
import { promote, publish, rollback, status } from './actions.js';
import { assertCompatible, incompatibilities, satisfies } from './gate.js';
import { readRegistry } from './registry.js';
import type { Release } from './registry.js';
import type { RuntimeConfig } from '../runtime-config.js';

const work = mkdtempSync(join(tmpdir(), 'hypertek-release-'));
after(() => rmSync(work, { recursive: true, force: true }));
const dir = join(work, 'releases');

const fakeBuild = (text: string, options?: Parameters<typeof fakeBuildIn>[2]) =>
  fakeBuildIn(work, text, options);

const env = {
  PUBLIC_API_URL: 'https://api.example.test/api/v1',
  SITE_URL: 'https://hypertek.example.test/',
  RELEASES_DIR: dir,
};

void describe('releases of a remote', () => {
  let servers: Awaited<ReturnType<typeof startHostAndCheckout>> | undefined;
  let hostUrl: string;
  let checkoutUrl: string;
  before(async () => {
    const hostRoot = mkdtempSync(join(work, 'host-'));
    writeFileSync(
      join(hostRoot, 'index.html'),
      '<!doctype html><html><head><title>Hyper Tek</title></head><body><div id="root"></div></body></html>',
    );
    servers = await startHostAndCheckout({ hostRoot, checkoutRoot: fakeBuild('in place'), env });
    ({ hostUrl, checkoutUrl } = servers);
  });
  after(() => servers?.close());

  const liveManifest = async () =>
    ((await (await fetch(`${hostUrl}/config.json`)).json()) as RuntimeConfig).remotes.checkout;
  /** The host's config within 3 s (the registry is looked at every second). */
  async function configSays(expected: string | undefined) {
    const deadline = Date.now() + 3_000;
    let seen;
    while (Date.now() < deadline) {
      seen = await liveManifest();
      if (seen === expected) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(seen, expected);
  }

  void test('publish writes an immutable release that the remote serves beside the others', async () => {
    const first = await publish({
      dir,
      remote: 'checkout',
      actor: 'pay-team@hypertek.test',
      buildDir: fakeBuild('one'),
      version: '1.0.0+aaaaaaa',
    });
    assert.equal(first.manifest.shared[0]?.name, 'react');
    await publish({
      dir,
      remote: 'checkout',
      actor: 'pay-team@hypertek.test',
      buildDir: fakeBuild('two'),
      version: '1.0.0+bbbbbbb',
    });
    await assert.rejects(
      publish({
        dir,
        remote: 'checkout',
        actor: 'x',
        buildDir: fakeBuild('three'),
        version: '1.0.0+aaaaaaa',
      }),
      /already published: a release is never overwritten/,
    );
    const entry = await fetch(`${checkoutUrl}/releases/1.0.0%2Baaaaaaa/remoteEntry.js`);
    assert.equal(entry.status, 200);
    assert.equal(await entry.text(), '/* checkout entry: one */');
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    const chunk = await fetch(
      `${checkoutUrl}/releases/1.0.0+bbbbbbb/static/js/pay.3f2a9c1d8e7b6a50.js`,
    );
    assert.equal(await chunk.text(), 'export default "two";');
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal(chunk.headers.get('access-control-allow-origin'), '*');
    for (const path of [
      '/releases/9.9.9/remoteEntry.js',
      '/releases/..%2F..%2Fetc/passwd',
      '/releases/1.0.0+aaaaaaa/release.json.missing',
      // A version-shaped path that fails at its end: refused at once (no regular expression
      // backtracking, which took hours on such a path with the first pattern).
      `/releases/1.0.0${'-a'.repeat(48)}!/remoteEntry.js`,
    ])
      assert.equal((await fetch(checkoutUrl + path)).status, 404, path);
    // The build served in place is still there, for a remote never released.
    assert.equal(
      await (await fetch(`${checkoutUrl}/remoteEntry.js`)).text(),
      '/* checkout entry: in place */',
    );
    assert.equal(await liveManifest(), `${checkoutUrl}/mf-manifest.json`);
  });

  void test('promote and rollback move what the host serves, within seconds and without a restart', async () => {
    await promote({
      dir,
      remote: 'checkout',
      version: '1.0.0+aaaaaaa',
      actor: 'ana@hypertek.test',
    });
    await configSays(`${checkoutUrl}/releases/1.0.0+aaaaaaa/mf-manifest.json`);
    await promote({
      dir,
      remote: 'checkout',
      version: '1.0.0+bbbbbbb',
      actor: 'ben@hypertek.test',
    });
    await configSays(`${checkoutUrl}/releases/1.0.0+bbbbbbb/mf-manifest.json`);
    // Both releases stay served: a visitor who loaded the first keeps its chunks.
    assert.equal((await fetch(`${checkoutUrl}/releases/1.0.0+aaaaaaa/remoteEntry.js`)).status, 200);

    await assert.rejects(
      promote({ dir, remote: 'checkout', version: '2.0.0+ccccccc', actor: 'x' }),
      /checkout has no release 2.0.0\+ccccccc/,
    );
    await assert.rejects(
      promote({ dir, remote: 'checkout', version: '1.0.0+bbbbbbb', actor: 'x' }),
      /live already/,
    );

    await rollback({
      dir,
      remote: 'checkout',
      actor: 'night-shift@hypertek.test',
      reason: 'pay button broken',
    });
    await configSays(`${checkoutUrl}/releases/1.0.0+aaaaaaa/mf-manifest.json`);
    await rollback({ dir, remote: 'checkout', actor: 'night-shift@hypertek.test' });
    await configSays(`${checkoutUrl}/mf-manifest.json`);
    await assert.rejects(rollback({ dir, remote: 'checkout', actor: 'x' }), /no live release/);

    const { history } = await status({ dir, history: 100 });
    assert.deepEqual(
      history.map((c) => [c.revision, c.actor, c.action, c.from, c.to]),
      [
        [1, 'pay-team@hypertek.test', 'publish', null, '1.0.0+aaaaaaa'],
        [2, 'pay-team@hypertek.test', 'publish', null, '1.0.0+bbbbbbb'],
        [3, 'ana@hypertek.test', 'promote', null, '1.0.0+aaaaaaa'],
        [4, 'ben@hypertek.test', 'promote', '1.0.0+aaaaaaa', '1.0.0+bbbbbbb'],
        [5, 'night-shift@hypertek.test', 'rollback', '1.0.0+bbbbbbb', '1.0.0+aaaaaaa'],
        [6, 'night-shift@hypertek.test', 'rollback', '1.0.0+aaaaaaa', null],
      ],
    );
    assert.equal(history[4]?.reason, 'pay button broken');
    assert.ok(history.every((c) => !Number.isNaN(Date.parse(c.at))));
  });

  void test('two processes changing the registry at once: both changes kept, one revision each', async () => {
    const script = `
      import { updateRegistry } from ${JSON.stringify(new URL('./registry.ts', import.meta.url).href)};
      for (let i = 0; i < 40; i++)
        updateRegistry(process.argv[1], process.argv[2], () => ({ action: 'note', remote: 'checkout', from: null, to: null }));
    `;
    const before = readRegistry(dir).revision;
    const run = (actor: string) => runScript(script, [dir, actor]);
    for (const { code, stderr } of await Promise.all([run('a'), run('b')]))
      assert.equal(code, 0, stderr);
    const registry = readRegistry(dir);
    assert.equal(registry.revision, before + 80);
    const last = registry.history.slice(-80);
    assert.deepEqual(
      last.map((c) => c.revision),
      Array.from({ length: 80 }, (_, i) => before + i + 1),
    );
    assert.equal(last.filter((c) => c.actor === 'a').length, 40);
    assert.equal(last.filter((c) => c.actor === 'b').length, 40);
  });
});

void describe('release publish on the command line', () => {
  void test('builds the remote aside and publishes it, leaving the build served in place untouched', () => {
    const dist = join(repoRoot, 'remote-checkout', 'dist');
    /** What a server on the build in place serves: its files and the manifest's text. */
    const served = () =>
      existsSync(dist)
        ? {
            files: readdirSync(dist, { recursive: true }).sort(),
            manifest: readFileSync(join(dist, 'mf-manifest.json'), 'utf8'),
            // A rebuild writes the same bytes again (the build is deterministic), not the same time.
            written: statSync(join(dist, 'mf-manifest.json')).mtimeMs,
          }
        : null;
    const before = served();
    const releases = join(work, 'cli');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'server/src/cli/release.ts'), 'publish', 'checkout'],
      {
        env: { ...process.env, RELEASES_DIR: releases, RELEASE_ACTOR: 'pay-team@hypertek.test' },
        encoding: 'utf8',
      },
    );
    assert.equal(run.status, 0, run.stdout + run.stderr);
    const version = /published checkout (\S+) \(not live yet\)/.exec(run.stdout)?.[1];
    assert.ok(version, run.stdout);
    const release = join(releases, 'checkout', version);
    assert.ok(existsSync(join(release, 'mf-manifest.json')));
    assert.deepEqual(
      readRegistry(releases).history.map((c) => [c.actor, c.action, c.to]),
      [['pay-team@hypertek.test', 'publish', version]],
    );
    assert.deepEqual(served(), before, 'dist/ is as it was');
    assert.deepEqual(readdirSync(join(releases, '.staging')), [], 'nothing left aside');

    // Reproducible: the same source published again (into another registry) is the same version
    // and the same bytes, file for file (release.json says who published it and when).
    const again = join(work, 'cli-again');
    const second = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'server/src/cli/release.ts'), 'publish', 'checkout'],
      { env: { ...process.env, RELEASES_DIR: again }, encoding: 'utf8' },
    );
    assert.equal(second.status, 0, second.stdout + second.stderr);
    assert.equal(/published checkout (\S+) \(not live yet\)/.exec(second.stdout)?.[1], version);
    const bytes = (dir: string) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((name) => name !== 'release.json' && statSync(join(dir, name)).isFile())
        .sort()
        .map((name): [string, string] => [
          name,
          createHash('sha256')
            .update(readFileSync(join(dir, name)))
            .digest('hex'),
        ]);
    const first = bytes(release);
    assert.ok(
      first.some(([name]) => name === 'remoteEntry.js'),
      'the build is there',
    );
    assert.deepEqual(bytes(join(again, 'checkout', version)), first);

    // Each file's Subresource Integrity digest is recorded with the release (the precompressed
    // copies decode to the same bytes and are not listed), the same in both publishes.
    const recorded = (dir: string) =>
      (JSON.parse(readFileSync(join(dir, 'release.json'), 'utf8')) as Release).integrity;
    const integrity = recorded(release);
    const plain = first.filter(([name]) => !/\.(br|gz)$/.test(name)).map(([name]) => name);
    assert.deepEqual(Object.keys(integrity).sort(), plain);
    for (const name of plain)
      assert.equal(
        integrity[name],
        `sha384-${createHash('sha384')
          .update(readFileSync(join(release, name)))
          .digest('base64')}`,
        name,
      );
    assert.deepEqual(recorded(join(again, 'checkout', version)), integrity);
  });
});

void describe('the compatibility gate', () => {
  /** What the live host provides and routes (its build's release-host.json and frames). */
  const facts = {
    shared: { react: '19.3.1', '@hypertek/shared': '1.0.0' },
    routes: [
      { remote: 'checkout', module: 'payment' },
      { remote: 'marketing', module: 'home' },
    ],
  };

  void test('ranges as the builds write them', () => {
    assert.ok(satisfies('19.3.1', '^19.2.0'));
    assert.ok(!satisfies('19.3.1', '^18.3.1'));
    assert.ok(!satisfies('19.1.0', '^19.2.0'));
    assert.ok(satisfies('0.4.2', '^0.4.0') && !satisfies('0.5.0', '^0.4.0'));
    assert.ok(satisfies('1.0.0', '1.0.0') && !satisfies('1.0.1', '1.0.0'));
    assert.ok(satisfies('2.0.0', '>=1.2.0') && satisfies('1.0.0', '*'));
    assert.ok(!satisfies('19.3.1', '~19.3.0 || ^20'), 'a range it cannot read does not pass');
  });

  void test('a release built against another React major is refused, naming React; nothing changes', async () => {
    const gateDir = join(work, 'gate');
    await publish({
      dir: gateDir,
      remote: 'checkout',
      actor: 'pay-team@hypertek.test',
      buildDir: fakeBuild('react 18', { react: '18.3.1' }),
      version: '1.1.0+ddddddd',
    });
    const before = readRegistry(gateDir);
    await assert.rejects(
      promote({
        dir: gateDir,
        remote: 'checkout',
        version: '1.1.0+ddddddd',
        actor: 'pay-team@hypertek.test',
        check: (release) => assertCompatible(release, facts),
      }),
      (error: Error) =>
        /checkout 1\.1\.0\+ddddddd cannot work in the live host/.test(error.message) &&
        error.message.includes('react: the release needs ^18.3.1, the live host provides 19.3.1') &&
        error.message.includes('react/jsx-runtime: the release needs ^18.3.1'),
    );
    assert.deepEqual(readRegistry(gateDir), before, 'a refused promote records nothing');
  });

  void test('a release that drops a page the host routes to is refused, naming the page', () => {
    const release = {
      remote: 'checkout',
      version: '1.2.0+eeeeeee',
      manifest: {
        shared: [{ name: 'react', requiredVersion: '^19.0.0', singleton: true }],
        exposes: ['success'],
      },
    };
    assert.deepEqual(incompatibilities(release, facts), [
      'pages: the host routes to payment of checkout, which the release does not expose',
    ]);
    const shares = { ...release, manifest: { ...release.manifest, exposes: ['payment'] } };
    assert.deepEqual(incompatibilities(shares, facts), []);
    const contract = {
      ...shares,
      manifest: {
        ...shares.manifest,
        shared: [{ name: '@hypertek/shared', requiredVersion: '^2.0.0', singleton: true }],
      },
    };
    assert.deepEqual(incompatibilities(contract, facts), [
      '@hypertek/shared: the release needs ^2.0.0, the live host provides 1.0.0',
    ]);
  });
});
