// docker-compose.yml cannot be started here (no Docker engine): check that it parses, has the
// production topology, and is wired the way the apps and the web server (server/) expect.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { parse } from 'yaml';
import { API, APPS, repoRoot } from '../server/src/apps.mjs';
import { runtimeConfigFromEnv } from '../server/src/runtime-config.ts';

const read = (file) => readFileSync(join(repoRoot, file), 'utf8');
const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true });
const { services } = compose;

/** `${NAME:-default}` → default (what compose uses when .env leaves NAME unset). */
const defaultOf = (value) => /^\$\{[A-Z_]+:-(.*)\}$/.exec(value)?.[1] ?? value;

void describe('docker-compose.yml', () => {
  test('has one service per app, the API, PostgreSQL 16 and Redis 7', () => {
    assert.deepEqual(
      Object.keys(services).sort(),
      [...APPS.map((a) => a.name), 'api', 'postgres', 'redis'].sort(),
    );
    assert.match(services.postgres.image, /^postgres:16(\.|-|$)/);
    assert.match(services.redis.image, /^redis:7(\.|-|$)/);
  });

  for (const app of APPS) {
    test(`${app.name}: built from the web target, on its own port and origin, with the runtime config`, () => {
      const service = services[app.name];
      assert.equal(service.build.dockerfile, 'deploy/Dockerfile');
      assert.equal(service.build.target, 'web');
      assert.equal(service.build.args.APP, app.name);
      assert.equal(service.environment[app.portEnv], String(app.defaultPort));
      assert.deepEqual(service.ports, [`${app.defaultPort}:${app.defaultPort}`]);
      assert.equal(service.read_only, true);
      // With .env left at its defaults, /config.json says what `npm start` says.
      const env = Object.fromEntries(
        Object.entries(service.environment).map(([k, v]) => [k, defaultOf(String(v))]),
      );
      assert.deepEqual(runtimeConfigFromEnv(env), runtimeConfigFromEnv({}));
    });
  }

  test('the API gets PostgreSQL, Redis and its secret from the environment, never from the file', () => {
    const api = services.api;
    assert.equal(api.build.target, 'api');
    assert.match(api.environment.DATABASE_URL, /^postgres:\/\/[^@]+@postgres:5432\//);
    assert.equal(api.environment.REDIS_URL, 'redis://redis:6379');
    assert.match(api.environment.JWT_SECRET, /^\$\{JWT_SECRET:\?/);
    assert.match(services.postgres.environment.POSTGRES_PASSWORD, /^\$\{POSTGRES_PASSWORD:\?/);
    assert.equal(api.environment.API_PORT, String(API.defaultPort));
    assert.deepEqual(Object.keys(api.depends_on).sort(), ['postgres', 'redis']);
    assert.equal(api.depends_on.postgres.condition, 'service_healthy');
  });

  test('every variable it reads is documented in .env.example, whose secrets are empty', () => {
    const example = Object.fromEntries(
      read('.env.example')
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => line.split(/=(.*)/s).slice(0, 2)),
    );
    const used = [...composeText.matchAll(/\$\{([A-Z_]+)/g)].map((m) => m[1]);
    for (const name of new Set(used))
      assert.ok(name in example, `${name} is missing from .env.example`);
    assert.equal(example.JWT_SECRET, '');
    assert.equal(example.POSTGRES_PASSWORD, '');
  });

  test('.env is ignored by git; the Dockerfile has the web and api targets', () => {
    assert.equal(
      execFileSync('git', ['check-ignore', '.env'], { cwd: repoRoot, encoding: 'utf8' }).trim(),
      '.env',
    );
    const dockerfile = read('deploy/Dockerfile');
    assert.match(dockerfile, /^FROM .+ AS web$/m);
    assert.match(dockerfile, /^FROM .+ AS api$/m);
    const ignore = read('deploy/Dockerfile.dockerignore');
    for (const entry of ['**/node_modules', '.env', '**/dist'])
      assert.ok(ignore.split('\n').includes(entry), entry);
  });
});
