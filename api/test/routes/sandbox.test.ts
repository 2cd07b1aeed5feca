/** The sandbox provider's browser-facing routes: Stripe's words, client secrets, rate limits. */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp, json, signup } from '../helpers';
import { CARDS, createIntent, paymentMethod } from '../payments-helpers';

const app = await buildTestApp({ after });
const year = new Date().getFullYear();

const method = (payload: object) =>
  app.inject({ method: 'POST', url: '/api/v1/payment/sandbox/payment-methods', payload });
const confirm = (id: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/payment-intents/${id}/confirm`,
    payload,
  });
const authenticate = (id: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: `/api/v1/payment/sandbox/payment-intents/${id}/authenticate`,
    payload,
  });

describe('POST /payment/sandbox/payment-methods', () => {
  it('answers a payment method with brand and last 4 only, no token needed', async () => {
    const response = await method({
      number: CARDS.mastercard,
      exp_month: '04',
      exp_year: String(year + 1),
      cvc: '321',
      name: 'Nova Quill',
    });
    assert.equal(response.statusCode, 200);
    const body = json(response);
    assert.match(body.id, /^pm_sandbox_[0-9A-Za-z]{24}$/);
    assert.deepEqual(body, {
      id: body.id,
      object: 'payment_method',
      card: { brand: 'mastercard', last4: '4444' },
    });
  });

  it("refuses bad cards with Stripe's words (400, with error and code)", async () => {
    const good = { number: CARDS.visa, exp_month: 12, exp_year: year + 2, cvc: '123' };
    const cases: [object, string, string][] = [
      [{ ...good, number: '4242 4242' }, 'Your card number is incomplete.', 'incomplete_number'],
      [
        { ...good, number: '4242 4242 4242 4243' },
        'Your card number is invalid.',
        'invalid_number',
      ],
      [
        { ...good, exp_month: undefined },
        "Your card's expiration date is incomplete.",
        'incomplete_expiry',
      ],
      [
        { ...good, exp_year: year - 1 },
        "Your card's expiration date is in the past.",
        'invalid_expiry_year_past',
      ],
      [{ ...good, cvc: '1' }, "Your card's security code is incomplete.", 'incomplete_cvc'],
      [
        { ...good, number: '4012 8888 8888 1881' },
        'Your card was declined. This site takes test cards only, such as 4242 4242 4242 4242.',
        'card_declined',
      ],
    ];
    for (const [payload, message, code] of cases) {
      const response = await method(payload);
      assert.equal(response.statusCode, 400, message);
      assert.deepEqual(json(response), { success: false, message, error: message, code });
    }
    const wrongType = await method({ ...good, number: { digits: '4242' } });
    assert.equal(wrongType.statusCode, 400);
    assert.equal(json(wrongType).success, false);
  });
});

describe('POST /payment/sandbox/payment-intents/:id/confirm and /authenticate', () => {
  it('needs the intent’s client secret and a known payment method', async () => {
    const user = await signup(app);
    const intent = json(await createIntent(app, user, 40));
    const pm = await paymentMethod(app, CARDS.visa);
    for (const [id, secret] of [
      [intent.paymentIntentId, `${intent.paymentIntentId}_secret_wrong`],
      ['pi_unknown', intent.clientSecret],
    ]) {
      const response = await confirm(id, { client_secret: secret, payment_method: pm });
      assert.equal(response.statusCode, 404);
      assert.equal(json(response).message, `No such payment_intent: '${id}'`);
      const auth = await authenticate(id, { client_secret: secret, outcome: 'complete' });
      assert.equal(auth.statusCode, 404);
    }
    const unknownMethod = await confirm(intent.paymentIntentId, {
      client_secret: intent.clientSecret,
      payment_method: 'pm_sandbox_nope',
    });
    assert.equal(unknownMethod.statusCode, 400);
    assert.equal(json(unknownMethod).message, "No such PaymentMethod: 'pm_sandbox_nope'");
    assert.equal(json(unknownMethod).code, 'resource_missing');
  });

  it('walks the authentication card through requires_action; a finished intent cannot move again', async () => {
    const user = await signup(app);
    const intent = json(await createIntent(app, user, 41));
    const notYet = await authenticate(intent.paymentIntentId, {
      client_secret: intent.clientSecret,
      outcome: 'complete',
    });
    assert.equal(notYet.statusCode, 400);
    assert.equal(json(notYet).code, 'payment_intent_unexpected_state');

    const pending = await confirm(intent.paymentIntentId, {
      client_secret: intent.clientSecret,
      payment_method: await paymentMethod(app, CARDS.authentication),
    });
    assert.equal(pending.statusCode, 200);
    assert.deepEqual(json(pending).next_action, { type: 'use_sandbox_authentication' });
    assert.equal(json(pending).status, 'requires_action');
    assert.equal(json(pending).amount, intent.amount);
    assert.equal(json(pending).client_secret, intent.clientSecret);

    const done = await authenticate(intent.paymentIntentId, {
      client_secret: intent.clientSecret,
      outcome: 'complete',
    });
    assert.equal(json(done).status, 'succeeded');
    const again = await confirm(intent.paymentIntentId, {
      client_secret: intent.clientSecret,
      payment_method: await paymentMethod(app, CARDS.visa),
    });
    assert.equal(again.statusCode, 400);
    assert.equal(json(again).code, 'payment_intent_unexpected_state');
    const badOutcome = await authenticate(intent.paymentIntentId, {
      client_secret: intent.clientSecret,
      outcome: 'maybe',
    });
    assert.equal(badOutcome.statusCode, 400);
  });
});

describe('sandbox rate limits', () => {
  it('answers 429 past RATE_LIMIT_SANDBOX_MAX per window and client', async (t) => {
    const limited = await buildTestApp(t, {
      seedOnStart: false,
      rateLimit: { authMax: 10, windowMs: 60_000, namespace: 'x', sandboxMax: 2 },
    });
    const card = { number: CARDS.visa, exp_month: 12, exp_year: year + 1, cvc: '123' };
    const send = () =>
      limited.inject({
        method: 'POST',
        url: '/api/v1/payment/sandbox/payment-methods',
        payload: card,
      });
    assert.equal((await send()).statusCode, 200);
    assert.equal((await send()).statusCode, 200);
    const third = await send();
    assert.equal(third.statusCode, 429);
    assert.match(json(third).message, /^Too many attempts\. Please try again in/);
  });
});
