// The remotes' builds with Rspack's SubresourceIntegrityPlugin (create-app-config.mjs;
// docs/security.md, "Integrity of remotes"): each remote's entry carries the SHA-384 digest of
// every one of its scripts and loads each with `integrity` and `crossorigin`, so pinning the entry
// pins the whole remote. Built here, aside, with the configuration the apps use: the plugin's known
// Module Federation issues (a placeholder left for a chunk that only holds shared modules,
// web-infra-dev/rspack#10545; `splitChunks.chunks: 'all'`, #11082) would show as a build error, a
// placeholder in a file, or a script whose digest the entry lacks.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import { APPS, repoRoot } from '../../server/src/apps.mjs';

const work = mkdtempSync(path.join(tmpdir(), 'hypertek-sri-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** Builds `app` in production into a folder of its own under `work`; its output folder. */
async function build(app) {
  const out = path.join(work, app.name);
  const previous = process.env.BUILD_OUTPUT_DIR;
  process.env.BUILD_OUTPUT_DIR = out; // read by the config (outputDir)
  try {
    const { default: config } = await import(
      pathToFileURL(path.join(repoRoot, app.dir, 'rspack.config.mjs')).href
    );
    const made = config({}, { mode: 'production' });
    // The browser build only: the Node builds of the pages run on the server, not in the browser.
    const browser = Array.isArray(made) ? made[0] : made;
    const stats = await new Promise((resolve, reject) =>
      rspack({ ...browser, stats: 'none' }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
    assert.ok(stats, 'a build');
    const errors = stats.toJson({ all: false, errors: true }).errors ?? [];
    assert.deepEqual(
      errors.map((e) => e.message),
      [],
      `${app.name} builds without error`,
    );
  } finally {
    if (previous === undefined) delete process.env.BUILD_OUTPUT_DIR;
    else process.env.BUILD_OUTPUT_DIR = previous;
  }
  return out;
}

const sri = (file) => `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;

void describe("each remote's entry pins its scripts", () => {
  for (const app of APPS.filter((a) => a.remote))
    void test(`${app.name}: every script's digest is in its entry, loaded with integrity`, async () => {
      const out = await build(app);
      const entry = readFileSync(path.join(out, 'remoteEntry.js'), 'utf8');
      const scripts = readdirSync(path.join(out, 'static/js')).filter((f) => f.endsWith('.js'));
      assert.ok(scripts.length > 0, `${app.name} has scripts`);
      const unpinned = scripts.filter((f) => !entry.includes(sri(path.join(out, 'static/js', f))));
      assert.deepEqual(unpinned, [], `${app.name}'s scripts whose digest its entry lacks`);
      // The chunk loader sets both attributes on each script it creates.
      assert.match(entry, /\.integrity=\w+\.sriHashes\[\w+\]/);
      assert.match(entry, /\.crossOrigin="anonymous"/);
      for (const file of ['remoteEntry.js', ...scripts.map((f) => `static/js/${f}`)])
        assert.doesNotMatch(
          readFileSync(path.join(out, file), 'utf8'),
          /SRI-HASH|\[contenthash/i,
          `${file}: a placeholder left`,
        );
    });
});
