/**
 * A small HTTP server on loopback that answers the PaymentIntent calls in Stripe's API format
 * (form-encoded requests, JSON answers, 402 card errors with the intent attached, idempotency
 * keys replaying the first answer), so the real `stripe` SDK can be exercised without network.
 * Payment methods are Stripe's test ids: pm_card_visa succeeds, pm_card_chargeDeclined and
 * pm_card_chargeDeclinedInsufficientFunds are declined, pm_card_authenticationRequired needs 3DS.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

interface Intent {
  id: string;
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string | null;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  charges: number;
}

const METHODS: Record<string, { behaviour: string; brand: string; last4: string }> = {
  pm_card_visa: { behaviour: 'succeed', brand: 'visa', last4: '4242' },
  pm_card_mastercard: { behaviour: 'succeed', brand: 'mastercard', last4: '4444' },
  pm_card_chargeDeclined: { behaviour: 'decline', brand: 'visa', last4: '0002' },
  pm_card_chargeDeclinedInsufficientFunds: {
    behaviour: 'insufficient_funds',
    brand: 'visa',
    last4: '9995',
  },
  pm_card_authenticationRequired: { behaviour: 'authenticate', brand: 'visa', last4: '3184' },
};

/** Stripe's form encoding (`a[b][0]=x`) back into objects and arrays. */
function parseForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return root;
}

export async function startFakeStripe() {
  const intents = new Map<string, Intent>();
  const idempotent = new Map<string, { body: string; status: number; answer: string }>();
  const requests: RecordedRequest[] = [];
  let failures = 0;

  const view = (intent: Intent, expand: boolean) => {
    const method = intent.payment_method === null ? null : METHODS[intent.payment_method];
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      currency: intent.currency,
      status: intent.status,
      client_secret: intent.client_secret,
      metadata: intent.metadata,
      livemode: false,
      created: Math.floor(Date.now() / 1000),
      payment_method:
        intent.payment_method === null
          ? null
          : expand && method !== undefined && method !== null
            ? {
                id: intent.payment_method,
                object: 'payment_method',
                type: 'card',
                card: { brand: method.brand, last4: method.last4 },
              }
            : intent.payment_method,
      last_payment_error: intent.last_payment_error,
      next_action:
        intent.status === 'requires_action' ? { type: 'use_stripe_sdk', use_stripe_sdk: {} } : null,
    };
  };

  const error = (status: number, body: Record<string, unknown>) => ({
    status,
    answer: JSON.stringify({ error: body }),
  });

  /** Confirms with a payment method: a decline answers 402 with the intent, as Stripe does. */
  function confirm(intent: Intent, paymentMethod: string, expand: boolean) {
    const method = METHODS[paymentMethod];
    if (method === undefined) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_method',
        message: `No such PaymentMethod: '${paymentMethod}'`,
      });
    }
    if (
      !['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(
        intent.status,
      )
    ) {
      return error(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
        payment_intent: view(intent, expand),
      });
    }
    intent.payment_method = paymentMethod;
    intent.last_payment_error = null;
    if (method.behaviour === 'succeed') {
      intent.status = 'succeeded';
      intent.charges += 1;
    } else if (method.behaviour === 'authenticate') {
      intent.status = 'requires_action';
    } else {
      const insufficient = method.behaviour === 'insufficient_funds';
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
        message: insufficient ? 'Your card has insufficient funds.' : 'Your card was declined.',
      };
      return error(402, { ...intent.last_payment_error, payment_intent: view(intent, expand) });
    }
    return { status: 200, answer: JSON.stringify(view(intent, expand)) };
  }

  function handle(method: string, path: string, body: Record<string, unknown>) {
    const expand = Object.values((body.expand ?? {}) as Record<string, string>).includes(
      'payment_method',
    );
    if (method === 'POST' && path === '/v1/payment_intents') {
      const id = `pi_${randomBytes(12).toString('hex')}`;
      const intent: Intent = {
        id,
        amount: Number(body.amount),
        currency: String(body.currency),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (body.metadata ?? {}) as Record<string, string>,
        payment_method: null,
        last_payment_error: null,
        charges: 0,
      };
      intents.set(id, intent);
      if (body.confirm === 'true' && typeof body.payment_method === 'string') {
        return confirm(intent, body.payment_method, expand);
      }
      return { status: 200, answer: JSON.stringify(view(intent, expand)) };
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path);
    const intent = match?.[1] === undefined ? undefined : intents.get(match[1]);
    if (intent === undefined) {
      return error(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${match?.[1] ?? ''}'`,
      });
    }
    if (method === 'GET' && match?.[2] === undefined) {
      return { status: 200, answer: JSON.stringify(view(intent, true)) };
    }
    if (method === 'POST' && match?.[2] === '/cancel') {
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return error(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        });
      }
      intent.status = 'canceled';
      return { status: 200, answer: JSON.stringify(view(intent, expand)) };
    }
    if (method === 'POST' && match?.[2] === '/confirm') {
      return confirm(intent, String(body.payment_method), expand);
    }
    return error(404, { type: 'invalid_request_error', message: 'Unrecognized request URL' });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = request.method === 'GET' ? parseForm(url.search.slice(1)) : parseForm(text);
      const key = request.headers['idempotency-key'];
      const idempotencyKey = typeof key === 'string' ? key : undefined;
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        idempotencyKey,
        authorization: request.headers.authorization,
        body,
      });
      let result: { status: number; answer: string };
      if (failures > 0) {
        failures -= 1;
        result = error(500, { type: 'api_error', message: 'Something went wrong on our end.' });
      } else if (idempotencyKey !== undefined && request.method === 'POST') {
        const seen = idempotent.get(idempotencyKey);
        if (seen === undefined) {
          result = handle(request.method, url.pathname, body);
          idempotent.set(idempotencyKey, { body: `${url.pathname}?${text}`, ...result });
        } else if (seen.body !== `${url.pathname}?${text}`) {
          result = error(400, {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          });
        } else {
          result = seen;
        }
      } else {
        result = handle(request.method ?? '', url.pathname, body);
      }
      response.writeHead(result.status, {
        'content-type': 'application/json',
        'request-id': `req_${randomBytes(6).toString('hex')}`,
      });
      response.end(result.answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    requests,
    intents,
    /** The next `n` requests answer 500 (the SDK retries; past its retries the call fails). */
    failNext(n: number) {
      failures = n;
    },
    /** What Stripe.js does in the browser after 3-D Secure: the intent succeeds or fails. */
    finishAuthentication(id: string, ok: boolean) {
      const intent = intents.get(id);
      if (intent === undefined) throw new Error(`no intent ${id}`);
      if (ok) {
        intent.status = 'succeeded';
        intent.charges += 1;
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
      }
      return view(intent, true);
    },
    /** A payment intent as Stripe's API (and its webhooks) shows it. */
    view: (id: string) => {
      const intent = intents.get(id);
      if (intent === undefined) throw new Error(`no intent ${id}`);
      return view(intent, true);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
