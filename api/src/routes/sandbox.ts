/**
 * The sandbox provider's browser-facing routes, registered only while no STRIPE_SECRET_KEY is
 * set: what Stripe.js would ask Stripe with a publishable key. No bearer token (the client
 * secret of an intent is its credential, as at Stripe); rate limited per client IP.
 * WARNING: the payment-method route receives a card number, CVC and expiry. They are checked in
 * memory and dropped; the request body is never logged (see REDACT_PATHS in app.ts).
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config/env';
import { HttpError } from '../lib/errors';
import { ProviderRequestError } from '../lib/payments/provider';
import { SandboxProvider } from '../lib/payments/sandbox-provider';
import { IntentStatusSchema, paymentErrors, publicAccess } from './schemas';

const CardPart = Type.Union([
  Type.String({ maxLength: 8 }),
  Type.Integer({ minimum: 0, maximum: 9999 }),
]);

const IntentObject = Type.Object({
  id: Type.String(),
  object: Type.Literal('payment_intent'),
  status: IntentStatusSchema,
  amount: Type.Integer({ description: 'Cents' }),
  currency: Type.String(),
  client_secret: Type.String(),
  next_action: Type.Union([
    Type.Object({ type: Type.Literal('use_sandbox_authentication') }),
    Type.Null(),
  ]),
  last_payment_error: Type.Union([
    Type.Object({ message: Type.String(), code: Type.String() }),
    Type.Null(),
  ]),
});

const IntentParams = Type.Object({ id: Type.String({ maxLength: 255 }) });

/** A refusal of the sandbox, as the API answers it (Stripe's words and code). */
const refusal = (error: ProviderRequestError) =>
  new HttpError(
    error.statusCode,
    error.message,
    error.code === null ? undefined : { code: error.code },
  );

const sandboxRoutes: FastifyPluginAsyncTypebox<{
  config: Config;
  sandbox: SandboxProvider;
}> = async (fastify, opts) => {
  const { sandbox } = opts;
  const rateLimit = {
    max: opts.config.rateLimit.sandboxMax,
    timeWindow: opts.config.rateLimit.windowMs,
  };
  fastify.post(
    '/payment/sandbox/payment-methods',
    {
      config: { errorField: true, rateLimit },
      schema: {
        operationId: 'createSandboxPaymentMethod',
        tags: ['payments'],
        security: publicAccess,
        summary:
          'Sandbox only: turns a test card into a payment method id (only brand and last 4 are kept)',
        body: Type.Object({
          number: Type.Optional(Type.String({ maxLength: 30 })),
          exp_month: Type.Optional(CardPart),
          exp_year: Type.Optional(CardPart),
          cvc: Type.Optional(CardPart),
          name: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: {
          200: Type.Object({
            id: Type.String(),
            object: Type.Literal('payment_method'),
            card: Type.Object({ brand: Type.String(), last4: Type.String() }),
          }),
          ...paymentErrors(400, 413, 429),
        },
      },
    },
    async (request) => {
      const result = await sandbox.createPaymentMethod(request.body);
      if (!result.ok) throw new HttpError(400, result.message, { code: result.code });
      request.log.debug(
        { paymentMethod: result.method.id, card: result.method.card },
        'sandbox payment method created',
      );
      return result.method;
    },
  );

  fastify.post(
    '/payment/sandbox/payment-intents/:id/confirm',
    {
      config: { errorField: true, rateLimit },
      schema: {
        operationId: 'confirmSandboxPaymentIntent',
        tags: ['payments'],
        security: publicAccess,
        summary:
          'Sandbox only: the browser confirms an intent with a payment method (embedded flow)',
        params: IntentParams,
        body: Type.Object({
          client_secret: Type.String({ minLength: 1, maxLength: 255 }),
          payment_method: Type.String({ minLength: 1, maxLength: 255 }),
        }),
        response: { 200: IntentObject, ...paymentErrors(400, 402, 404, 413, 429) },
      },
    },
    async (request) => {
      let result;
      try {
        result = await sandbox.confirmWithClientSecret(
          request.params.id,
          request.body.client_secret,
          request.body.payment_method,
        );
      } catch (error) {
        if (error instanceof ProviderRequestError) throw refusal(error);
        throw error;
      }
      // What Stripe's webhook would tell the API: a success is recorded at once.
      await fastify.payments.syncIntent(result.intent, result.declined);
      if (result.declined !== null) {
        throw new HttpError(402, result.declined.message, {
          code: result.declined.code ?? 'card_declined',
          ...(result.declined.declineCode === null
            ? {}
            : { declineCode: result.declined.declineCode }),
        });
      }
      return SandboxProvider.toObject(result.intent);
    },
  );

  fastify.post(
    '/payment/sandbox/payment-intents/:id/authenticate',
    {
      config: { errorField: true, rateLimit },
      schema: {
        operationId: 'authenticateSandboxPaymentIntent',
        tags: ['payments'],
        security: publicAccess,
        summary:
          "Sandbox only: the buyer's answer to the bank's authentication step (complete or fail)",
        params: IntentParams,
        body: Type.Object({
          client_secret: Type.String({ minLength: 1, maxLength: 255 }),
          outcome: Type.Union([Type.Literal('complete'), Type.Literal('fail')]),
        }),
        response: { 200: IntentObject, ...paymentErrors(400, 404, 413, 429) },
      },
    },
    async (request) => {
      let intent;
      try {
        intent = await sandbox.authenticate(
          request.params.id,
          request.body.client_secret,
          request.body.outcome,
        );
      } catch (error) {
        if (error instanceof ProviderRequestError) throw refusal(error);
        throw error;
      }
      await fastify.payments.syncIntent(
        intent,
        intent.status === 'requires_payment_method' ? intent.lastError : null,
      );
      return SandboxProvider.toObject(intent);
    },
  );
};

export default sandboxRoutes;
