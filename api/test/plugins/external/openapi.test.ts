/**
 * The OpenAPI document as a client tool reads it: the served /api/v1/openapi.json linted with
 * Redocly's recommended rules (no error allowed; the counts are printed), in sandbox and in Stripe
 * mode; every operation named and with its security; the error answers every route of a kind can
 * give, in one place; the webhook under `webhooks`; info and servers from the configuration; and a
 * route without an operationId or a security refused as the app starts.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Fastify from 'fastify';
import { loadConfig } from '../../../src/config/env';
import openapi, { sharedErrorStatuses } from '../../../src/plugins/external/openapi';
import { startFakeStripe } from '../../fake-stripe';
import { buildTestApp, json, type TestApp } from '../../helpers';

const PUBLIC_ORIGIN = 'https://api.hypertek.test';
const SITE = 'https://hypertek.test';

const sandbox = await buildTestApp(
  { after },
  { publicApiUrl: PUBLIC_ORIGIN, siteUrl: SITE, corsOrigins: [SITE] },
);
const fake = await startFakeStripe();
after(() => fake.close());
const stripe = await buildTestApp(
  { after },
  {
    publicApiUrl: PUBLIC_ORIGIN,
    siteUrl: SITE,
    corsOrigins: [SITE],
    payments: {
      provider: 'stripe',
      secretKey: 'sk_test_hypertek_loopback',
      webhookSecret: 'whsec_test_hypertek_loopback',
      apiAddress: { protocol: 'http', host: '127.0.0.1', port: fake.port },
    },
  },
);

type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { description: string; content?: Record<string, { schema: any }> }>;
};
type Document = {
  openapi: string;
  info: Record<string, any>;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, any>; securitySchemes: Record<string, any> };
};

async function served(app: TestApp): Promise<{ text: string; doc: Document }> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  assert.equal(response.statusCode, 200);
  return { text: response.body, doc: json(response) };
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method, path, operation })),
  );

const redocly = await createConfig({ extends: ['recommended'] });

for (const [mode, app] of [
  ['sandbox', sandbox],
  ['stripe', stripe],
] as const) {
  describe(`the served document (${mode} mode)`, () => {
    it("has no error under Redocly's recommended rules", async () => {
      const { text } = await served(app);
      const problems = await lintFromString({
        source: text,
        absoluteRef: 'openapi.json',
        config: redocly,
      });
      const errors = problems.filter((p) => p.severity === 'error');
      const warnings = problems.filter((p) => p.severity === 'warn');
      const rules = [...new Set(warnings.map((p) => p.ruleId))].join(', ');
      console.log(
        `openapi lint (${mode}): ${errors.length} errors, ${warnings.length} warnings` +
          (rules === '' ? '' : ` (${rules})`),
      );
      const describe = (list: typeof problems) =>
        list.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`).join('\n');
      assert.equal(errors.length, 0, describe(errors));
      // The one kind left: `/market/offers/received/{userId}` and `/market/offers/{id}/accept`
      // (and decline, cancel) can both read `/market/offers/received/accept`. The router takes
      // the fixed segment first (the received offers of a user named "accept"); the paths are
      // the site's and stay.
      assert.deepEqual(
        warnings.filter((p) => p.ruleId !== 'no-ambiguous-paths'),
        [],
        describe(warnings),
      );
    });
  });
}

describe('the served document', () => {
  it('is OpenAPI 3.1 with info, contact, license and servers from the configuration', async () => {
    const { doc } = await served(sandbox);
    assert.equal(doc.openapi, '3.1.0');
    assert.equal(doc.info.contact.url, SITE);
    assert.equal(doc.info.license.url, `${SITE}/terms`);
    assert.ok(doc.info.license.name.length > 0);
    assert.deepEqual(
      doc.servers.map((s) => s.url),
      [PUBLIC_ORIGIN],
    );
  });

  it('names every operation once, in camelCase, and says who may call it', async () => {
    const { doc } = await served(sandbox);
    const ids = operations(doc).map(({ operation }) => operation.operationId);
    assert.ok(ids.length >= 45, `${ids.length} operations`);
    for (const id of ids) assert.match(String(id), /^[a-z][a-zA-Z]+$/);
    assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
    for (const { method, path, operation } of operations(doc)) {
      const where = `${method} ${path}`;
      assert.ok(Array.isArray(operation.security), `${where} declares its security`);
      // A user's token, the release token (operators' calls), or nothing.
      const secured = operation.security.some((s) => 'bearerAuth' in s || 'releaseToken' in s);
      assert.ok(secured || operation.security.length === 0, where);
      if (secured) assert.ok(operation.responses['401'], `${where}: 401`);
    }
    const byId = Object.fromEntries(
      operations(doc).map(({ method, path, operation }) => [
        operation.operationId,
        { where: `${method.toUpperCase()} ${path}`, operation },
      ]),
    );
    assert.equal(byId.listNfas?.where, 'GET /api/v1/market/getMarket');
    assert.equal(byId.readItem?.where, 'GET /api/v1/search/item/{id}');
    assert.equal(byId.createListing?.where, 'POST /api/v1/market/listings');
    assert.deepEqual(byId.readProfile?.operation.security, [{ bearerAuth: [] }]);
    assert.deepEqual(byId.listNfas?.operation.security, []);
    assert.deepEqual(byId.payWithCard?.operation.security, [{ bearerAuth: [] }]);
    // The release reports: sent by the host for any visitor; read with the release token only.
    assert.equal(byId.reportRelease?.where, 'POST /api/v1/releases/reports');
    assert.deepEqual(byId.reportRelease?.operation.security, []);
    assert.equal(byId.readReleaseReports?.where, 'GET /api/v1/releases/reports');
    assert.deepEqual(byId.readReleaseReports?.operation.security, [{ releaseToken: [] }]);
    assert.deepEqual(Object.keys(byId.readReleaseReports!.operation.responses).sort(), [
      '200',
      '400',
      '401',
      '500',
      '503',
    ]);
    assert.ok(byId.reportRelease!.operation.responses['429'], 'the reports are rate-limited');
    assert.deepEqual(doc.components.securitySchemes.releaseToken, {
      type: 'http',
      scheme: 'bearer',
      description: doc.components.securitySchemes.releaseToken.description,
    });
    // Prometheus's text is for the scraper, not the site: not in the document.
    assert.equal(doc.paths['/metrics'], undefined);
  });

  it('lists the answers every route of a kind can give, with the shared error body', async () => {
    const { doc } = await served(sandbox);
    const refs = new Set([
      '#/components/schemas/ErrorBody',
      '#/components/schemas/PaymentErrorBody',
    ]);
    for (const { method, path, operation } of operations(doc)) {
      const where = `${method} ${path}`;
      const codes = Object.keys(operation.responses);
      for (const code of ['400', '500']) assert.ok(codes.includes(code), `${where}: ${code}`);
      if (path.includes('{')) assert.ok(codes.includes('414'), `${where}: 414`);
      if (method !== 'get') {
        for (const code of ['413', '415']) assert.ok(codes.includes(code), `${where}: ${code}`);
      }
      for (const [code, response] of Object.entries(operation.responses)) {
        if (Number(code) < 400 || path === '/readyz') continue;
        assert.deepEqual(Object.keys(response.content ?? {}), ['application/json'], where);
        assert.ok(refs.has(response.content!['application/json']!.schema.$ref), `${where} ${code}`);
        assert.notEqual(response.description, 'Default Response', `${where} ${code}`);
      }
    }
    // The rate-limited calls, and the error body of the payment calls (it also carries `error`).
    const signup = doc.paths['/api/v1/user/signup']!.post!;
    assert.ok(signup.responses['429']);
    const pay = doc.paths['/api/v1/card/pay-with-card']!.post!;
    assert.equal(
      pay.responses['415']!.content!['application/json']!.schema.$ref,
      '#/components/schemas/PaymentErrorBody',
    );
    assert.deepEqual(doc.components.schemas.ErrorBody.required, ['success', 'message']);
  });

  it('adds the shared statuses from what the route is', () => {
    const route = (method: string, url: string, config = {}, security: unknown = []) =>
      sharedErrorStatuses({ method, url, config, schema: { security } });
    assert.deepEqual(route('GET', '/api/v1/market/getMarket'), [400, 500]);
    assert.deepEqual(route('GET', '/api/v1/search/item/:id'), [400, 414, 500]);
    assert.deepEqual(
      route('POST', '/api/v1/user/login', { rateLimit: { max: 10 } }),
      [400, 413, 415, 429, 500],
    );
    assert.deepEqual(
      route('PATCH', '/api/v1/market/listings/:id', {}, [{ bearerAuth: [] }]),
      [400, 401, 413, 414, 415, 500],
    );
  });

  it('documents the Stripe webhook under webhooks, in every mode', async () => {
    for (const app of [sandbox, stripe]) {
      const { doc } = await served(app);
      const hook = doc.webhooks?.stripePaymentEvent?.post;
      assert.ok(hook !== undefined);
      assert.equal(hook.operationId, 'receiveStripeEvent');
      assert.deepEqual(hook.security, [{ stripeSignature: [] }]);
      assert.match(String((hook as { description?: string }).description), /payment\/webhook/);
      assert.equal(doc.components.securitySchemes.stripeSignature.name, 'Stripe-Signature');
      assert.equal(doc.paths['/api/v1/payment/webhook'], undefined);
    }
    // Its documented refusal is what Stripe mode answers to an unsigned event.
    const response = await stripe.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_1","object":"event","type":"x","data":{"object":{}}}',
    });
    assert.equal(response.statusCode, 400);
    const { doc } = await served(stripe);
    const documented = doc.webhooks!.stripePaymentEvent!.post!.responses['400']!;
    assert.equal(
      documented.content!['application/json']!.schema.$ref,
      '#/components/schemas/PaymentErrorBody',
    );
    assert.equal(json(response).success, false);
    assert.equal(typeof json(response).message, 'string');
  });

  it('lists the sandbox routes in sandbox mode only', async () => {
    const path = '/api/v1/payment/sandbox/payment-methods';
    assert.ok((await served(sandbox)).doc.paths[path]);
    assert.equal((await served(stripe)).doc.paths[path], undefined);
  });
});

describe('a route the document cannot describe', () => {
  const build = async () => {
    const app = Fastify();
    await app.register(openapi, { config: loadConfig({}) });
    return app;
  };

  it('stops the app without an operationId or a security', async () => {
    const app = await build();
    assert.throws(
      () => app.get('/nameless', { schema: { security: [] } }, () => ({})),
      /GET \/nameless: its schema needs an operationId/,
    );
    assert.throws(
      () => app.get('/unsaid', { schema: { operationId: 'readUnsaid' } }, () => ({})),
      /security/,
    );
    // A hidden route is not in the document: nothing to declare.
    app.get('/hidden', { schema: { hide: true } }, () => ({}));
    await app.close();
  });
});
