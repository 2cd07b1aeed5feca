/**
 * The real provider: Stripe's PaymentIntents through the official SDK, used when
 * STRIPE_SECRET_KEY is set. Every create and confirm carries our idempotency key, so a repeated
 * call (the SDK's own network retries, or our retry after an unknown outcome) never charges twice.
 * Webhooks are verified against the raw body with the endpoint's signing secret.
 */
import Stripe from 'stripe';
import type { StripeApiAddress } from '../../config/env';
import {
  isIntentStatus,
  ProviderRequestError,
  ProviderUnavailableError,
  type ConfirmIntentInput,
  type ConfirmResult,
  type CreateIntentInput,
  type PaymentFailure,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from './provider';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string | null;
  apiAddress: StripeApiAddress | null;
  /** Per request, ms. With the retries below a call ends well inside the attempt's lease. */
  timeoutMs?: number;
}

/** Thrown when a webhook's signature does not verify (or no signing secret is configured). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** Expanded so the answer names the card's brand and last 4 digits. */
const EXPAND = ['payment_method'];

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      // Safe: every mutating call carries an idempotency key, which the SDK resends on retry.
      maxNetworkRetries: 2,
      timeout: options.timeoutMs ?? 15_000,
      telemetry: false,
      appInfo: { name: 'hypertek-api' },
      ...(options.apiAddress === null ? {} : options.apiAddress),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<ConfirmResult> {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountCents,
      currency: input.currency,
      metadata: input.metadata,
      expand: EXPAND,
      ...(input.paymentMethodId === undefined
        ? // The embedded payment element: the browser confirms and returns to /dashboard.
          { automatic_payment_methods: { enabled: true } }
        : // The card form: confirmed here at once; a 3-D Secure step is handled in the
          // browser (handleNextAction), so no redirect-only method is offered.
          {
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            payment_method: input.paymentMethodId,
            confirm: true,
          }),
    };
    return this.call(() =>
      this.stripe.paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }),
    );
  }

  async confirmIntent(id: string, input: ConfirmIntentInput): Promise<ConfirmResult> {
    const params: Stripe.PaymentIntentConfirmParams = {
      payment_method: input.paymentMethodId,
      expand: EXPAND,
      ...(input.returnUrl === undefined ? {} : { return_url: input.returnUrl }),
    };
    return this.call(() =>
      this.stripe.paymentIntents.confirm(id, params, { idempotencyKey: input.idempotencyKey }),
    );
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    try {
      return fromStripe(await this.stripe.paymentIntents.retrieve(id, { expand: EXPAND }));
    } catch (error) {
      throw mapError(error);
    }
  }

  async cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent> {
    try {
      return fromStripe(await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey }));
    } catch (error) {
      // Stripe refuses to cancel an intent that succeeded (or was canceled): read it as it is.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return this.retrieveIntent(id);
      throw mapError(error);
    }
  }

  /**
   * Verifies a webhook against the exact bytes received and its Stripe-Signature header.
   * WARNING: `raw` must be the body as sent; a re-serialized JSON body never verifies.
   */
  parseWebhook(raw: Buffer, signature: string | undefined): ProviderEvent {
    const secret = this.options.webhookSecret;
    if (secret === null) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    if (signature === undefined || signature === '') {
      throw new WebhookSignatureError('no Stripe-Signature header');
    }
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(raw, signature, secret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
    }
    const object = event.data.object as { object?: string };
    return {
      id: event.id,
      type: event.type,
      intent:
        object.object === 'payment_intent' ? fromStripe(object as Stripe.PaymentIntent) : null,
    };
  }

  /** A create/confirm call: a decline is an answer (the intent and why), not an exception. */
  private async call(request: () => Promise<Stripe.PaymentIntent>): Promise<ConfirmResult> {
    try {
      return { intent: fromStripe(await request()), declined: null };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError && error.payment_intent !== undefined) {
        // Typed as always present; a decline without one is still a decline.
        const { decline_code: declineCode } = error as { decline_code?: string };
        return {
          intent: fromStripe(error.payment_intent),
          declined: {
            message: error.message,
            code: error.code ?? 'card_declined',
            declineCode: declineCode ?? null,
          },
        };
      }
      throw mapError(error);
    }
  }
}

/** Stripe's errors as the provider interface's: unknown outcome (retry later) or refused. */
function mapError(error: unknown): Error {
  if (!(error instanceof Stripe.errors.StripeError)) {
    return new ProviderUnavailableError('Stripe call failed', { cause: error });
  }
  if (
    error instanceof Stripe.errors.StripeCardError ||
    error instanceof Stripe.errors.StripeInvalidRequestError
  ) {
    return new ProviderRequestError(
      error.message,
      error.code ?? null,
      error.statusCode === 404 ? 404 : error.statusCode === 402 ? 402 : 400,
    );
  }
  // Connection, 5xx, rate limit, a concurrent use of the same idempotency key, or our own
  // key refused: either way nothing is known about the outcome from here.
  return new ProviderUnavailableError(`Stripe: ${error.type}: ${error.message}`, { cause: error });
}

function failureOf(error: Stripe.PaymentIntent.LastPaymentError | null): PaymentFailure | null {
  if (error === null) return null;
  return {
    message: error.message ?? 'Your card was declined.',
    code: error.code ?? null,
    declineCode: error.decline_code ?? null,
  };
}

export function fromStripe(intent: Stripe.PaymentIntent): ProviderIntent {
  const method =
    typeof intent.payment_method === 'object' && intent.payment_method !== null
      ? intent.payment_method
      : null;
  const card = method?.card ?? null;
  return {
    id: intent.id,
    // A status this code does not know is treated as "not settled yet".
    status: isIntentStatus(intent.status) ? intent.status : 'processing',
    amountCents: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret,
    card: card === null ? null : { brand: card.brand, last4: card.last4 },
    lastError: failureOf(intent.last_payment_error),
    nextAction: intent.next_action?.type ?? null,
    metadata: intent.metadata,
  };
}
