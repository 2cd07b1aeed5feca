// The release endpoint with the API's authorisation, as a pipeline or a staff member sees it: a
// release token scoped to one remote acts on that remote (the history names the token) and is
// refused another (403, with the API's reason); a staff member's sign-in likewise; RELEASE_TOKEN
// stays the admin's bootstrap, checked here; an unknown bearer is 401; and when the API cannot be
// asked, nothing is allowed (503). The API is a loopback stand-in answering as
// `POST /api/v1/releases/authorize` does (api/test/routes/release-tokens.test.ts tests the real one).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fakeBuild } from '../testing/release-fixtures.js';
import { publish } from './actions.js';
import { releaseAuthorizerFrom } from './authorize.js';
import { createReleaseEndpoint } from './endpoint.js';
import { openRegistry, readRegistry } from './registry.js';

const work = mkdtempSync(join(tmpdir(), 'hypertek-endpoint-'));
after(() => rmSync(work, { recursive: true, force: true }));
const dir = join(work, 'releases');
const TOKEN = 'release-token-for-tests-0123456789';
const VERSION = '1.0.0+aaaaaaa';

/** What the stand-in API answers for each bearer: `[remote it may act on, actor]`. */
const BEARERS: Record<string, [string, string]> = {
  htr_marketing: ['marketing', 'funnel-ci (marketing token)'],
  htr_checkout: ['checkout', 'checkout-ci (checkout token)'],
  'staff.jwt.marketing': ['marketing', 'Mara Lind (marketing)'],
};

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

void describe('the release endpoint with roles and scoped tokens', () => {
  const asked: { bearer: string; action: string; remote?: string }[] = [];
  const api = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const { action, remote } = JSON.parse(text) as { action: string; remote?: string };
      asked.push({ bearer, action, ...(remote === undefined ? {} : { remote }) });
      const known = BEARERS[bearer];
      res.setHeader('Content-Type', 'application/json');
      if (req.url !== '/api/v1/releases/authorize' || !known) {
        res.statusCode = 401;
        res.end(JSON.stringify({ success: false, message: 'This bearer is not valid.' }));
        return;
      }
      const [scope, actor] = known;
      const allowed = remote === undefined || remote === scope;
      res.end(
        JSON.stringify({
          success: true,
          data: allowed
            ? { allowed, actor }
            : { allowed, actor, reason: `${actor} may act on ${scope} only, not on ${remote}.` },
        }),
      );
    });
  });
  const registry = openRegistry({ dir, databaseUrl: '' });
  let apiUrl = '';
  let hostUrl = '';
  let host: Server | undefined;
  before(async () => {
    for (const remote of ['marketing', 'checkout'])
      await publish({
        dir,
        remote,
        actor: 'team',
        buildDir: fakeBuild(work, remote),
        version: VERSION,
      });
    apiUrl = await listen(api);
    const endpoint = createReleaseEndpoint({
      token: TOKEN,
      dir,
      registry,
      signingKey: 'signing-key-for-tests-0123456789',
      siteUrl: 'https://hypertek.example.test/',
      hostFacts: () => ({ shared: { react: '19.3.1', '@hypertek/shared': '1.0.0' }, routes: [] }),
      authorize: releaseAuthorizerFrom(`${apiUrl}/api/v1/`),
    });
    host = createServer((req, res) => void endpoint.handle(req, res, req.url ?? '/'));
    hostUrl = await listen(host);
  });
  after(async () => {
    host?.close();
    api.close();
    await registry.close();
  });

  const call = async (path: string, token: string, body?: object) => {
    const response = await fetch(`${hostUrl}/_release/${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const lastChange = () => readRegistry(dir).history.at(-1)!;

  void test('a checkout token cannot promote marketing: 403 with the reason, nothing recorded', async () => {
    const before = readRegistry(dir).history.length;
    const refused = await call('promote', 'htr_checkout', {
      remote: 'marketing',
      version: VERSION,
    });
    assert.equal(refused.status, 403);
    assert.equal(
      refused.body.message,
      'checkout-ci (checkout token) may act on checkout only, not on marketing.',
    );
    assert.equal(readRegistry(dir).history.length, before);
    assert.deepEqual(asked.at(-1), {
      bearer: 'htr_checkout',
      action: 'promote',
      remote: 'marketing',
    });
  });

  void test('a marketing token acts on marketing, and the history names the token, not the body', async () => {
    const promoted = await call('promote', 'htr_marketing', {
      remote: 'marketing',
      version: VERSION,
      actor: 'someone else',
    });
    assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
    const change = lastChange();
    assert.deepEqual(
      [change.action, change.remote, change.to, change.actor],
      ['promote', 'marketing', VERSION, 'funnel-ci (marketing token)'],
    );
    const rolled = await call('rollback', 'staff.jwt.marketing', { remote: 'marketing' });
    assert.equal(rolled.status, 200, JSON.stringify(rolled.body));
    assert.equal(lastChange().actor, 'Mara Lind (marketing)');
    // Status is every remote's: a scoped token reads it.
    const state = await call('status', 'htr_checkout');
    assert.equal(state.status, 200);
    assert.deepEqual(asked.at(-1), { bearer: 'htr_checkout', action: 'status' });
  });

  void test('RELEASE_TOKEN stays the bootstrap, checked here; unknown bearers are 401', async () => {
    const count = asked.length;
    const admin = await call('promote', TOKEN, {
      remote: 'checkout',
      version: VERSION,
      actor: 'ci',
    });
    assert.equal(admin.status, 200, JSON.stringify(admin.body));
    assert.equal(lastChange().actor, 'ci (token)');
    assert.equal(asked.length, count, 'the API was not asked');

    const unknown = await call('promote', 'htr_guess', { remote: 'checkout', version: VERSION });
    assert.equal(unknown.status, 401);
    assert.equal(unknown.body.message, 'This bearer is not valid.');
    const missing = await call('promote', 'htr_marketing', { version: VERSION });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, 'remote is required');
  });

  void test('the API down: 503 with the reason, never allowed', async () => {
    await new Promise((resolve) => api.close(resolve));
    const before = readRegistry(dir).history.length;
    const down = await call('promote', 'htr_marketing', { remote: 'marketing', version: VERSION });
    assert.equal(down.status, 503);
    assert.match(
      String(down.body.message),
      /cannot check this token now: the API is not reachable\. Nothing was done/,
    );
    assert.equal(readRegistry(dir).history.length, before);
    // The bootstrap does not need the API.
    assert.equal((await call('status', TOKEN)).status, 200);
  });
});
