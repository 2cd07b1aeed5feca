/**
 * Card entry: the part of a card payment that runs in the browser, between the buyer's card and
 * the API. Two implementations with one shape, so the forms do not care which one runs:
 * - Stripe (a publishable key is configured): Stripe Elements' card element, `createPaymentMethod`
 *   and `handleNextAction` (Stripe shows its own authentication window). Loaded lazily, with
 *   Stripe.js, only then.
 * - the sandbox (no key): the site's own card fields; the API's sandbox turns the card into a
 *   payment method and plays the bank's authentication, which the buyer answers in a dialog.
 */
import type { ReactNode } from 'react';

export type PaymentMethodResult = { paymentMethodId: string } | { error: string };

/** A PaymentIntent waiting for the buyer's bank (`requires_action`). */
export interface IntentToAuthenticate {
  id: string;
  clientSecret: string;
  /** Dollars, shown in the authentication step. */
  amount: number;
}

export interface CardEntry {
  mode: 'stripe' | 'sandbox';
  /** False while Stripe.js is loading, or when it did not load ('Stripe not loaded'). */
  loaded: boolean;
  /** The card inputs, drawn inside the form. */
  fields: (props: { disabled: boolean }) => ReactNode;
  /**
   * Checks the card fields before anything is sent, marking the mistakes beside the fields; with
   * `focus`, the first wrong field gets the focus. Stripe checks its own fields on submit.
   */
  validate: (options: { focus: boolean }) => boolean;
  createPaymentMethod: (nameOnCard: string) => Promise<PaymentMethodResult>;
  /**
   * Runs the bank's authentication of `intent`; resolves once the buyer is done, whichever way
   * (read the intent from the API to learn the outcome), with the provider's error if it sent one.
   */
  authenticate: (intent: IntentToAuthenticate) => Promise<{ error?: string }>;
  /** What the entry draws over the page: the sandbox's authentication dialog, when open. */
  overlay: ReactNode;
}
