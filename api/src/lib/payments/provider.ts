/**
 * The one interface between the API and a card payment provider, modelled on Stripe's
 * PaymentIntents: create (optionally confirming at once with a payment method), confirm, retrieve.
 * Two implementations: the real Stripe SDK (stripe-provider.ts) and the offline sandbox
 * (sandbox-provider.ts), which behaves like Stripe in test mode.
 */
import { INTENT_STATUSES } from '../../db/schema';

export type IntentStatus = (typeof INTENT_STATUSES)[number];
export type ProviderName = 'stripe' | 'sandbox';

export const isIntentStatus = (value: string): value is IntentStatus =>
  (INTENT_STATUSES as readonly string[]).includes(value);

/** Why a confirmation failed, in the provider's words (shown to the buyer as is). */
export interface PaymentFailure {
  message: string;
  code: string | null;
  declineCode: string | null;
}

/** A PaymentIntent as the API needs it, whichever the provider. */
export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  clientSecret: string | null;
  /** Brand and last 4 digits of the payment method, when the provider tells them. */
  card: { brand: string; last4: string } | null;
  /** The last failed confirmation (declined, authentication failed), null otherwise. */
  lastError: PaymentFailure | null;
  /** The buyer's next step when status is requires_action (e.g. 'use_stripe_sdk'). */
  nextAction: string | null;
  metadata: Record<string, string>;
}

/** The answer of a create or confirm call: the intent, and the decline of this very call. */
export interface ConfirmResult {
  intent: ProviderIntent;
  declined: PaymentFailure | null;
}

export interface CreateIntentInput {
  amountCents: number;
  currency: string;
  /** The same key always yields the same intent (the provider replays its first answer). */
  idempotencyKey: string;
  metadata: Record<string, string>;
  /** Confirm at once with this payment method (card form). Absent: the browser confirms. */
  paymentMethodId?: string;
}

export interface ConfirmIntentInput {
  paymentMethodId: string;
  idempotencyKey: string;
  /** Where a redirect-based step returns to (intents made for the embedded payment element). */
  returnUrl?: string;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  createIntent(input: CreateIntentInput): Promise<ConfirmResult>;
  confirmIntent(id: string, input: ConfirmIntentInput): Promise<ConfirmResult>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /**
   * Cancels an intent that has not succeeded, so that nobody can confirm it any more (a lapsed
   * checkout hold). An intent that succeeded meanwhile is answered as it is (status succeeded),
   * not as an error: the caller then records that purchase.
   */
  cancelIntent(id: string, idempotencyKey: string): Promise<ProviderIntent>;
}

/** A verified provider event (Stripe webhook; the sandbox's own routes raise the same). */
export interface ProviderEvent {
  id: string;
  type: string;
  intent: ProviderIntent | null;
}

/**
 * The provider could not be reached or failed on its side: the outcome of the call is unknown.
 * The caller repeats the same call with the same idempotency key later.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailableError';
  }
}

/** The provider refused the request itself (unknown payment method, intent in the wrong state). */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = 'ProviderRequestError';
  }
}
