/**
 * POST /payment/webhook (Stripe mode only): Stripe's events, verified against the raw body with
 * STRIPE_WEBHOOK_SECRET. This plugin is encapsulated with its own application/json parser that
 * keeps the bytes as received: a re-serialized body would never verify.
 * payment_intent.succeeded records the purchase; payment_intent.payment_failed notes the
 * failure; the same event id twice changes nothing.
 *
 * Stripe calls it, not the site: the OpenAPI document describes it under `webhooks`
 * (STRIPE_WEBHOOK_DOCUMENT), in every mode, rather than among the paths the site calls.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../lib/errors';
import { HANDLED_EVENTS } from '../lib/payments/payment-service';
import { WebhookSignatureError, type StripeProvider } from '../lib/payments/stripe-provider';
import { paymentErrors } from './schemas';

export const INVALID_SIGNATURE = 'Invalid webhook signature';
export const WEBHOOK_PATH = '/payment/webhook';

const WebhookAnswer = Type.Object({ received: Type.Literal(true) });

/** Stripe's Event object, as far as this API reads it. */
const StripeEvent = Type.Object(
  {
    id: Type.String({ description: 'evt_…: the same id twice changes nothing' }),
    object: Type.Literal('event'),
    type: Type.String({ description: [...HANDLED_EVENTS].join(', ') + ' act; others are ignored' }),
    data: Type.Object({
      object: Type.Object(
        { id: Type.String(), object: Type.String() },
        { description: 'A PaymentIntent for the events handled' },
      ),
    }),
  },
  { description: "Stripe's Event object (https://docs.stripe.com/api/events/object)" },
);

const json = (value: unknown): Record<string, unknown> =>
  JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
const errorAnswer = (description: string) => ({
  description,
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/PaymentErrorBody' } },
  },
});

/**
 * The webhook in the OpenAPI document (3.1 `webhooks`): what Stripe sends to
 * `{API_PUBLIC_ORIGIN}/api/v1/payment/webhook` and what it gets back.
 */
export const STRIPE_WEBHOOK_DOCUMENT = {
  post: {
    operationId: 'receiveStripeEvent',
    tags: ['payments'],
    summary: "Stripe's payment events, POSTed by Stripe to /api/v1/payment/webhook",
    description:
      'Received, not sent: Stripe calls `POST /api/v1/payment/webhook` on this API (register ' +
      'that address in the Stripe dashboard). Only in Stripe mode (`STRIPE_SECRET_KEY` set); in ' +
      'sandbox mode the address answers 404. The raw JSON body is verified against its ' +
      '`Stripe-Signature` header with `STRIPE_WEBHOOK_SECRET` (unset: every event is refused). ' +
      '`payment_intent.succeeded` records the purchase, `payment_intent.payment_failed` notes ' +
      'the failure; the same event twice changes nothing.',
    security: [{ stripeSignature: [] }],
    requestBody: {
      required: true,
      content: { 'application/json': { schema: json(StripeEvent) } },
    },
    responses: {
      200: {
        description: 'The event was verified (and applied once)',
        content: { 'application/json': { schema: json(WebhookAnswer) } },
      },
      400: errorAnswer(
        'Invalid webhook signature (missing, wrong, or of another body), or not JSON',
      ),
      413: errorAnswer('The body is too large'),
      415: errorAnswer('The content type is not application/json'),
      500: errorAnswer('Unexpected server fault: Stripe retries the event later'),
    },
  },
};

const webhookRoutes: FastifyPluginAsyncTypebox<{ stripe: StripeProvider }> = async (
  fastify,
  opts,
) => {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  fastify.post(
    WEBHOOK_PATH,
    {
      config: { errorField: true },
      schema: {
        // Documented under `webhooks` instead (STRIPE_WEBHOOK_DOCUMENT).
        hide: true,
        headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String()) }),
        response: { 200: WebhookAnswer, ...paymentErrors(400, 413, 415) },
      },
    },
    async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : null;
      const signature = request.headers['stripe-signature'];
      let event;
      try {
        if (raw === null) throw new WebhookSignatureError('no raw body');
        event = opts.stripe.parseWebhook(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ reason: error.message }, 'webhook refused');
          throw badRequest(INVALID_SIGNATURE);
        }
        throw error;
      }
      const result = await fastify.payments.handleEvent(event);
      request.log.info({ eventId: event.id, type: event.type, result }, 'webhook');
      return { received: true as const };
    },
  );
};

export default webhookRoutes;
