/**
 * POST /payment/webhook (Stripe mode only): Stripe's events, verified against the raw body with
 * STRIPE_WEBHOOK_SECRET. This plugin is encapsulated with its own application/json parser that
 * keeps the bytes as received: a re-serialized body would never verify.
 * payment_intent.succeeded records the purchase; payment_intent.payment_failed notes the
 * failure; the same event id twice changes nothing.
 */
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../lib/errors';
import { WebhookSignatureError, type StripeProvider } from '../lib/payments/stripe-provider';
import { paymentErrors } from './payments';

export const INVALID_SIGNATURE = 'Invalid webhook signature';

const webhookRoutes: FastifyPluginAsyncTypebox<{ stripe: StripeProvider }> = async (
  fastify,
  opts,
) => {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  fastify.post(
    '/payment/webhook',
    {
      config: { errorField: true },
      schema: {
        tags: ['payments'],
        summary: "Stripe's webhook: the raw JSON body and its Stripe-Signature header",
        headers: Type.Object({ 'stripe-signature': Type.Optional(Type.String()) }),
        response: {
          200: Type.Object({ received: Type.Literal(true) }),
          ...paymentErrors(400, 413, 415),
        },
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
