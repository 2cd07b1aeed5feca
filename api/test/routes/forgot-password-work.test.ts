/**
 * forgot-password does the same work for an email with an account and one without (issue 21):
 * not only the same answer, but the same database statements and the same reset message made
 * after it, so neither the answer nor the calls that follow it are slower for one kind. Only
 * handing the message over (SMTP or the outbox) is for an account alone. The times themselves
 * are measured by `pnpm bench:timing` (first calls to many accounts, as an attacker would).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { PreparedEmail } from '../../src/plugins/app/mailer';
import { buildTestApp, signup } from '../helpers';

const app = await buildTestApp({ after });

/** Every statement the app sends to the database, as the driver receives it. */
const statements: string[] = [];
const client = (app.database.db as unknown as { $client: Record<string, unknown> }).$client;
// PGlite: query (each statement), exec (several at once), transaction; pg's Pool: query, and
// connect (a transaction's own connection).
for (const method of ['query', 'exec', 'transaction', 'connect']) {
  const original = client[method];
  if (typeof original !== 'function') continue;
  client[method] = (...args: unknown[]) => {
    const text =
      typeof args[0] === 'string'
        ? args[0]
        : ((args[0] as { text?: string } | undefined)?.text ?? '');
    const params = Array.isArray(args[1]) ? args[1].length : 0;
    statements.push(`${method}: ${text.replace(/\s+/g, ' ').trim()} [${params} parameters]`);
    return (original as (...a: unknown[]) => unknown).apply(client, args);
  };
}

/** What the mailer is asked to do. */
const mail: { prepared: PreparedEmail[]; delivered: PreparedEmail[] } = {
  prepared: [],
  delivered: [],
};
const preparePasswordReset = app.mailer.preparePasswordReset.bind(app.mailer);
const deliver = app.mailer.deliver.bind(app.mailer);
app.mailer.preparePasswordReset = async (to, link) => {
  const email = await preparePasswordReset(to, link);
  mail.prepared.push(email);
  return email;
};
app.mailer.deliver = async (email) => {
  mail.delivered.push(email);
  await deliver(email);
};

/** Asks for a reset and waits until its work is over; returns what the work did. */
async function forgot(email: string) {
  statements.length = 0;
  mail.prepared.length = 0;
  mail.delivered.length = 0;
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/user/forgot-password',
    payload: { Email: email },
  });
  const beforeAnswer = [...statements];
  // The work is over once the message was made (and handed over, for an account) and nothing
  // more came for a while.
  for (let i = 0; i < 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    if (mail.prepared.length > 0 && i > 10) break;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  return {
    status: response.statusCode,
    body: response.body,
    beforeAnswer,
    statements: [...statements],
    prepared: mail.prepared.map((m) => ({ size: m.raw.length, to: m.to })),
    delivered: mail.delivered.map((m) => m.to),
  };
}

describe('forgot-password: the same work with or without an account', () => {
  it('the same statements and the same message made; only an account is sent it', async () => {
    // Two addresses of the same length, so the two messages must be of the same size.
    const known = `known-${Date.now().toString(36)}@example.com`;
    const unknown = `other-${Date.now().toString(36)}@example.com`;
    assert.equal(known.length, unknown.length);
    await signup(app, known);

    const a = await forgot(known);
    const b = await forgot(unknown);

    assert.equal(a.status, 200);
    assert.equal(a.body, b.body, 'the same answer');
    assert.deepEqual(a.beforeAnswer, [], 'nothing reaches the database before the answer');
    assert.deepEqual(b.beforeAnswer, []);
    assert.ok(a.statements.length > 0, 'the account is looked up');
    assert.deepEqual(a.statements, b.statements, 'the same statements, in the same order');
    assert.deepEqual(
      a.prepared.map((m) => m.size),
      b.prepared.map((m) => m.size),
      'one reset message of the same size made for each',
    );
    assert.equal(a.prepared.length, 1);
    assert.deepEqual(a.delivered, [known], 'the account is sent its link');
    assert.deepEqual(b.delivered, [], 'nothing is sent for an email without an account');
  });

  it('an account that already has a link: the same statements still', async () => {
    const known = `again-${Date.now().toString(36)}@example.com`;
    const unknown = `never-${Date.now().toString(36)}@example.com`;
    await signup(app, known);
    await forgot(known);
    const a = await forgot(known);
    const b = await forgot(unknown);
    assert.deepEqual(a.statements, b.statements);
    assert.deepEqual(a.delivered, [known]);
    assert.deepEqual(b.delivered, []);
  });
});
