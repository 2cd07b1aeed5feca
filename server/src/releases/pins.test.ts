// The digests a remote's files must match (pins.ts): each visitor's runtime config carries the
// manifest's and entry's digests of the release it picks (live, canary, preview) or of the build
// served in place; a file whose bytes differ, or that has no digest, is refused; the development
// allowance works only when set, and never in production.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { PREVIEW_COOKIE, VISITOR_COOKIE } from '@hypertek/shared/release-words';
import { verifiedFiles } from '../compose/verified-files.js';
import type { Refusal } from '../compose/verified-files.js';
import { fakeBuild } from '../testing/release-fixtures.js';
import { canary, promote, publish } from './actions.js';
import { allowUnpinnedFrom, createPinSource } from './pins.js';
import { readRegistry } from './registry.js';
import { canaryBucket, createReleaseRouting } from './routing.js';
import { previewToken } from './secrets.js';

const work = mkdtempSync(join(tmpdir(), 'hypertek-pins-'));
after(() => rmSync(work, { recursive: true, force: true }));
const dir = join(work, 'releases');
const actor = 'payments@hypertek.test';
const KEY = 'signing-key-for-tests-0123456789';
const CHECKOUT = 'http://checkout.test/mf-manifest.json';
const configured = { checkout: CHECKOUT };
/** No build of the checkout served in place: only releases are pinned. */
const noBuild = { REMOTE_CHECKOUT_BUILD: join(work, 'no-build') };

/** The SRI digest of a file, computed here (not by the code under test). */
const digestOfFile = (file: string) =>
  `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
const pinsOfBuild = (build: string) => ({
  'mf-manifest.json': digestOfFile(join(build, 'mf-manifest.json')),
  'remoteEntry.js': digestOfFile(join(build, 'remoteEntry.js')),
});
/** A navigation carrying `cookies`. */
const request = (cookies: Record<string, string>) => {
  const req = new IncomingMessage(new Socket());
  req.headers.cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return req;
};
/** The first visitor id on the canary's side (or not) of `version`. */
const visitorOnSide = (version: string, percent: number, onCanary: boolean) => {
  for (let i = 0; ; i++) {
    const visitor = `visitor-for-pins-test-${i}`;
    if (canaryBucket(visitor, 'checkout', version) < percent === onCanary) return visitor;
  }
};

void describe('the digests in each visitor’s config', () => {
  void test('carry the manifest and entry digests of the live, canary and preview releases each visitor gets', async () => {
    const builds = { live: fakeBuild(work, 'live'), canary: fakeBuild(work, 'canary') };
    const preview = fakeBuild(work, 'preview');
    await publish({ dir, remote: 'checkout', actor, buildDir: builds.live, version: '1.0.0+live' });
    await publish({
      dir,
      remote: 'checkout',
      actor,
      buildDir: builds.canary,
      version: '1.0.1+can',
    });
    await publish({ dir, remote: 'checkout', actor, buildDir: preview, version: '1.0.2+pre' });
    await promote({ dir, remote: 'checkout', version: '1.0.0+live', actor });
    await canary({ dir, remote: 'checkout', version: '1.0.1+can', percent: 50, actor });

    const pins = createPinSource({ configured, dir, env: noBuild });
    const routing = createReleaseRouting({
      configured,
      live: { current: () => readRegistry(dir) },
      pins,
      signingKey: KEY,
    });
    const live = routing.choose(
      request({ [VISITOR_COOKIE]: visitorOnSide('1.0.1+can', 50, false) }),
    );
    assert.deepEqual(live.releases?.checkout, { version: '1.0.0+live', channel: 'live' });
    assert.deepEqual(live.integrity, { checkout: pinsOfBuild(builds.live) });

    const onCanary = routing.choose(
      request({ [VISITOR_COOKIE]: visitorOnSide('1.0.1+can', 50, true) }),
    );
    assert.deepEqual(onCanary.releases?.checkout, { version: '1.0.1+can', channel: 'canary' });
    assert.deepEqual(onCanary.integrity, { checkout: pinsOfBuild(builds.canary) });

    const pass = previewToken(KEY, {
      remote: 'checkout',
      version: '1.0.2+pre',
      expires: Date.now() + 60_000,
    });
    const previewing = routing.choose(
      request({ [VISITOR_COOKIE]: visitorOnSide('1.0.1+can', 50, true), [PREVIEW_COOKIE]: pass }),
    );
    assert.deepEqual(previewing.releases?.checkout, { version: '1.0.2+pre', channel: 'preview' });
    assert.deepEqual(previewing.integrity, { checkout: pinsOfBuild(preview) });
    assert.equal(previewing.allowUnpinnedRemotes, undefined);
  });

  void test('carry the digests of the build served in place, read again after a rebuild', () => {
    const build = fakeBuild(work, 'in place');
    const pins = createPinSource({
      configured,
      dir: join(work, 'none'),
      env: { REMOTE_CHECKOUT_BUILD: build },
      recheckMs: 0,
    });
    assert.deepEqual(pins.pinsFor('checkout', null), pinsOfBuild(build));
    const before = pins.revision();
    writeFileSync(join(build, 'remoteEntry.js'), '/* rebuilt */');
    writeFileSync(join(build, 'mf-manifest.json'), JSON.stringify({ name: 'checkout', v: 2 }));
    assert.notEqual(pins.revision(), before);
    assert.deepEqual(pins.pinsFor('checkout', null), pinsOfBuild(build));
  });

  void test('leave out a remote with no digests: no build in place and no release', () => {
    const lines: string[] = [];
    const pins = createPinSource({
      configured,
      dir: join(work, 'none'),
      env: noBuild,
      log: (line) => lines.push(line),
    });
    assert.match(
      lines.join('\n'),
      /integrity: no build of checkout in .*no-build \(REMOTE_CHECKOUT_BUILD\).*loads once a release of it is live$/m,
    );
    const routing = createReleaseRouting({
      configured,
      live: { current: () => readRegistry(join(work, 'none')) },
      pins,
      signingKey: KEY,
    });
    const choice = routing.choose(request({}));
    assert.deepEqual(choice.integrity, {});
    assert.equal(choice.allowUnpinnedRemotes, undefined);
  });
});

void describe('a remote file fetched by the host’s server', () => {
  const build = fakeBuild(work, 'checked');
  const entry = readFileSync(join(build, 'remoteEntry.js'), 'utf8');
  const pins = createPinSource({ configured, dir, env: { REMOTE_CHECKOUT_BUILD: build } });

  void test('is used when its bytes match the digest, and refused when one byte differs', () => {
    assert.deepEqual(pins.check('http://checkout.test/remoteEntry.js', entry), { ok: true });
    const flipped =
      entry.slice(0, 5) + String.fromCharCode(entry.charCodeAt(5) ^ 1) + entry.slice(6);
    assert.deepEqual(pins.check('http://checkout.test/remoteEntry.js', flipped), {
      ok: false,
      remote: 'checkout',
      version: null,
      file: 'remoteEntry.js',
      reason: 'its bytes differ from the recorded digest',
    });
  });

  void test("is checked against its release's digests under /releases/<version>/", () => {
    const file = join(dir, 'checkout', '1.0.0+live', 'remoteEntry.js');
    const url = 'http://checkout.test/releases/1.0.0+live/remoteEntry.js';
    assert.deepEqual(pins.check(url, readFileSync(file, 'utf8')), { ok: true });
    assert.equal(pins.check(url, entry).ok, false);
    assert.equal(pins.digestOf(url), digestOfFile(file));
  });

  void test('is refused when nothing recorded its digest, unless unpinned remotes are allowed', () => {
    const unknown = 'http://checkout.test/static/js/added.js';
    assert.deepEqual(pins.check(unknown, 'x'), {
      ok: false,
      remote: 'checkout',
      version: null,
      file: 'static/js/added.js',
      reason: 'no digest recorded',
    });
    assert.equal(
      pins.check('http://checkout.test/releases/9.9.9+none/remoteEntry.js', entry).ok,
      false,
    );
    const allowing = createPinSource({
      configured,
      dir,
      env: { ...noBuild, ALLOW_UNPINNED_REMOTES: '1' },
    });
    assert.deepEqual(allowing.check(unknown, 'x'), { ok: true });
    // Allowed or not, a file that has a digest must match it.
    assert.equal(
      allowing.check('http://checkout.test/releases/1.0.0+live/remoteEntry.js', 'x').ok,
      false,
    );
  });

  void test("is not the pins' business when it is not a remote's (the API's reads)", () => {
    assert.deepEqual(pins.check('http://api.test/api/v1/land/getland', '{}'), { ok: true });
  });

  void test('is null to the composer when refused, and the refusal is heard once per body', async () => {
    const served: Record<string, string> = {
      'http://checkout.test/remoteEntry.js': `${entry} `,
      'http://api.test/x': 'data',
    };
    const refusals: Refusal[] = [];
    const files = verifiedFiles(
      {
        get: (url) => Promise.resolve(served[url] ?? null),
        answer: (url) => Promise.resolve({ status: 200, body: served[url] ?? null }),
        age: () => 0,
      },
      pins,
      (refusal) => refusals.push(refusal),
    );
    assert.equal(await files.get('http://checkout.test/remoteEntry.js'), null);
    assert.equal(await files.get('http://checkout.test/remoteEntry.js'), null);
    assert.equal(await files.get('http://api.test/x'), 'data');
    assert.deepEqual(
      refusals.map(({ url, file, reason }) => ({ url, file, reason })),
      [
        {
          url: 'http://checkout.test/remoteEntry.js',
          file: 'remoteEntry.js',
          reason: 'its bytes differ from the recorded digest',
        },
      ],
    );
    served['http://checkout.test/remoteEntry.js'] = entry;
    assert.equal(await files.get('http://checkout.test/remoteEntry.js'), entry);
  });
});

void describe('the development allowance (ALLOW_UNPINNED_REMOTES)', () => {
  void test('is off unless set to 1, refuses other values, and is refused in production', () => {
    assert.equal(allowUnpinnedFrom({}), false);
    assert.equal(allowUnpinnedFrom({ ALLOW_UNPINNED_REMOTES: '0' }), false);
    assert.equal(allowUnpinnedFrom({ ALLOW_UNPINNED_REMOTES: '1' }), true);
    assert.throws(() => allowUnpinnedFrom({ ALLOW_UNPINNED_REMOTES: 'yes' }), /set 1 to load/);
    assert.throws(
      () => allowUnpinnedFrom({ ALLOW_UNPINNED_REMOTES: '1', NODE_ENV: 'production' }),
      /development only/,
    );
  });

  void test('is said loudly at start, and puts allowUnpinnedRemotes in the config', () => {
    const lines: string[] = [];
    const pins = createPinSource({
      configured,
      dir: join(work, 'none'),
      env: { ...noBuild, ALLOW_UNPINNED_REMOTES: '1' },
      log: (line) => lines.push(line),
    });
    assert.match(lines.join('\n'), /WARNING: ALLOW_UNPINNED_REMOTES=1/);
    const choice = createReleaseRouting({
      configured,
      live: { current: () => readRegistry(join(work, 'none')) },
      pins,
      signingKey: KEY,
    }).choose(request({}));
    assert.equal(choice.allowUnpinnedRemotes, true);
  });
});
