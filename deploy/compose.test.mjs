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
import { oneOriginEnv } from './one-origin.mjs';

const read = (file) => readFileSync(join(repoRoot, file), 'utf8');
const composeText = read('docker-compose.yml');
const compose = parse(composeText, { merge: true });
const { services } = compose;

/** Every `${NAME:-default}` → default (what compose uses when .env leaves NAME unset). */
const defaultOf = (value) => String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1');
/** A service's environment as compose gives it with .env left at its defaults. */
const defaultEnv = (service) =>
  Object.fromEntries(Object.entries(service.environment).map(([k, v]) => [k, defaultOf(v)]));
/** The one origin with SITE_DOMAIN left at its default. */
const ORIGIN = 'https://localhost';

void describe('docker-compose.yml', () => {
  test('has the proxy, one service per app, the API, PostgreSQL 16 and Redis 7', () => {
    assert.deepEqual(
      Object.keys(services).sort(),
      ['proxy', ...APPS.map((a) => a.name), 'api', 'postgres', 'redis'].sort(),
    );
    assert.match(services.proxy.image, /^caddy:2(\.|-|$)/);
    assert.match(services.postgres.image, /^postgres:16(\.|-|$)/);
    assert.match(services.redis.image, /^redis:7(\.|-|$)/);
  });

  test('only the proxy publishes ports: 80, 443 and 443/udp (HTTP/3)', () => {
    const published = Object.entries(services)
      .filter(([, service]) => service.ports)
      .map(([name, service]) => `${name} ${service.ports.join(' ')}`);
    assert.deepEqual(published, ['proxy 80:80 443:443 443:443/udp']);
  });

  test('the proxy runs deploy/Caddyfile, and its upstreams are the services on their ports', () => {
    const proxy = services.proxy;
    assert.ok(proxy.volumes.includes('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro'));
    assert.equal(proxy.read_only, true);
    assert.deepEqual(proxy.cap_drop, ['ALL']);
    assert.deepEqual(proxy.cap_add, ['NET_BIND_SERVICE']);
    // Its certificates survive a restart (the CAs' rate limits).
    assert.ok(proxy.volumes.some((v) => /^[a-z-]+:\/data$/.test(v)));
    const caddyfile = read('deploy/Caddyfile');
    const upstreams = Object.fromEntries(
      [...caddyfile.matchAll(/reverse_proxy \{\$UPSTREAM_([A-Z]+):([a-z]+):(\d+)\}/g)].map((m) => [
        m[1],
        `${m[2]}:${m[3]}`,
      ]),
    );
    const expected = Object.fromEntries(
      [API, ...APPS].map((a) => [a.name.toUpperCase(), `${a.name}:${a.defaultPort}`]),
    );
    assert.deepEqual(upstreams, expected);
    for (const app of [API, ...APPS])
      assert.ok(services[app.name], `the Caddyfile's upstream ${app.name} is a service`);
  });

  test("the API and the proxy alone share a network; the API trusts the proxy's address only", () => {
    const onNetwork = (network) =>
      Object.entries(services)
        .filter(([, service]) =>
          Array.isArray(service.networks)
            ? service.networks.includes(network)
            : Object.hasOwn(service.networks ?? {}, network),
        )
        .map(([name]) => name)
        .sort();
    assert.deepEqual(onNetwork('api'), ['api', 'proxy']);
    const address = services.proxy.networks.api.ipv4_address;
    assert.equal(services.api.environment.TRUST_PROXY, address);
    const [subnet, bits] = compose.networks.api.ipam.config[0].subnet.split('/');
    const toNumber = (ip) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
    const mask = 2 ** 32 - 2 ** (32 - Number(bits));
    assert.equal(
      (toNumber(address) & mask) >>> 0,
      (toNumber(subnet) & mask) >>> 0,
      `${address} is in ${subnet}/${bits}`,
    );
    // The databases have no way out, and are reached by no one through the proxy's networks.
    assert.equal(compose.networks.data.internal, true);
    assert.deepEqual(
      onNetwork('data'),
      [...APPS.map((a) => a.name), 'api', 'postgres', 'redis'].sort(),
    );
    assert.deepEqual(onNetwork('web'), ['proxy', ...APPS.map((a) => a.name)].sort());
  });

  for (const app of APPS) {
    test(`${app.name}: built from the web target, behind the proxy, with the one origin's runtime config`, () => {
      const service = services[app.name];
      assert.equal(service.build.dockerfile, 'deploy/Dockerfile');
      assert.equal(service.build.target, 'web');
      assert.equal(service.build.args.APP, app.name);
      assert.equal(service.environment[app.portEnv], String(app.defaultPort));
      assert.equal(service.read_only, true);
      // /config.json names the one origin: the API and every remote under it (deploy/one-origin.mjs).
      const env = defaultEnv(service);
      assert.deepEqual(
        runtimeConfigFromEnv(env),
        runtimeConfigFromEnv({ ...oneOriginEnv(ORIGIN), ...env }),
      );
      assert.equal(runtimeConfigFromEnv(env).apiBaseUrl, `${ORIGIN}/api/v1`);
      assert.equal(env.SITE_URL, ORIGIN);
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
    // Its public addresses are the one origin's.
    const env = defaultEnv(api);
    const origin = oneOriginEnv(ORIGIN);
    for (const name of ['API_PUBLIC_ORIGIN', 'SITE_URL', 'CORS_ORIGINS'])
      assert.equal(env[name], origin[name], name);
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
    // The host's image pins the remotes' builds served in place to this commit's bytes: it
    // builds each remote and names each build to the server (server/src/releases/pins.ts).
    for (const remote of ['marketing', 'marketplace', 'account', 'checkout']) {
      const variable = `REMOTE_${remote.toUpperCase()}_BUILD=/srv/pins/${remote}`;
      assert.ok(dockerfile.includes(variable), `${variable} in the web image`);
    }
    assert.match(dockerfile, /for remote in marketing marketplace account checkout; do/);
    assert.match(dockerfile, /^COPY --from=web-build \/pins \.\/pins$/m);
    const ignore = read('deploy/Dockerfile.dockerignore');
    for (const entry of ['**/node_modules', '.env', '**/dist'])
      assert.ok(ignore.split('\n').includes(entry), entry);
  });
});
