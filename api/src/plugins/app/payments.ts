/**
 * Card payments: picks the provider (Stripe when STRIPE_SECRET_KEY is set, the offline sandbox
 * otherwise) and decorates the app with the payment service, the payments repository and the
 * provider of the mode in use (the other is null).
 */
import fp from 'fastify-plugin';
import type { Config } from '../../config/env';
import { runEvery } from '../../lib/periodic';
import { createPaymentService, type PaymentService } from '../../lib/payments/payment-service';
import { SandboxProvider } from '../../lib/payments/sandbox-provider';
import { StripeProvider } from '../../lib/payments/stripe-provider';
import {
  createPaymentsRepository,
  type PaymentsRepository,
} from '../../repositories/payments-repository';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentService;
    paymentsRepository: PaymentsRepository;
    /** Set in sandbox mode only (its browser-facing routes use it). */
    sandboxProvider: SandboxProvider | null;
    /** Set in Stripe mode only (the webhook route verifies with it). */
    stripeProvider: StripeProvider | null;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { config } = opts;
    const settings = config.payments;
    const sandbox = settings.provider === 'sandbox' ? new SandboxProvider(fastify.database) : null;
    const stripe =
      settings.provider === 'stripe'
        ? new StripeProvider({
            secretKey: settings.secretKey,
            webhookSecret: settings.webhookSecret,
            apiAddress: settings.apiAddress,
          })
        : null;
    const provider = sandbox ?? stripe;
    if (provider === null) throw new Error('no payment provider');
    const repository = createPaymentsRepository(fastify.database, fastify.marketRepository);

    fastify.decorate('paymentsRepository', repository);
    fastify.decorate('sandboxProvider', sandbox);
    fastify.decorate('stripeProvider', stripe);
    fastify.decorate(
      'payments',
      createPaymentService({
        provider,
        repository,
        market: fastify.marketRepository,
        siteUrl: config.siteUrl,
        // A Stripe call takes at most ~50 s with the SDK's retries; the sandbox answers at once.
        leaseMs: provider.name === 'stripe' ? 60_000 : 15_000,
        onPurchase: () => fastify.marketChanged(),
        onOutcome: (outcome) => fastify.metrics.payment(outcome),
        log: fastify.log,
      }),
    );
    // The ends time decided, written down on time (market/sweep.ts): events, notifications and
    // the live stream then tell them when they happen, not at the item's next change.
    runEvery(fastify, {
      everyMs: config.market.sweepMs,
      what: 'market sweep',
      round: async () => {
        const swept = await fastify.payments.sweepMarket();
        if (swept.items > 0) fastify.marketChanged();
      },
    });
    if (settings.provider === 'stripe') {
      fastify.log.info(
        { stripeApi: settings.apiAddress?.host ?? 'api.stripe.com' },
        'payments: Stripe',
      );
      if (settings.webhookSecret === null) {
        fastify.log.warn('STRIPE_WEBHOOK_SECRET is not set: every webhook will be refused');
      }
    } else if (config.nodeEnv !== 'test') {
      fastify.log.info('payments: sandbox (no STRIPE_SECRET_KEY): test cards only, no network');
    }
  },
  { name: 'payments', dependencies: ['database', 'caches', 'metrics'] },
);
