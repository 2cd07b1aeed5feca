/**
 * The seam between the card form and the server side of a card payment (SPEC §7
 * `card/pay-with-card`). The form builds a `CardPaymentRequest` and hands it to the provider it
 * finds in `PaymentProviderContext`; everything else (states, messages, navigation) is the form's.
 *
 * Today the only implementation is `notConfiguredPaymentProvider`: the API does not implement the
 * payment calls yet. The payment issue adds an implementation that posts the request (through
 * `@hypertek/shared`'s `api`) and makes it the context's default. Nothing else has to change.
 */
import { createContext, use } from 'react';

/** The body of `POST /api/v1/card/pay-with-card` (SPEC §7). */
export interface CardPaymentRequest {
  userId: string;
  userInfo: { name: string; email: string };
  gameDetails: { gameId: string; serialNumber: string; title: string; price: number };
  /** `amount` in cents (`toCents`), `currency` 'usd'. */
  paymentDetails: { amount: number; payment_method_id: string; currency: string };
  provider: 'card';
  productId: string;
}

/** What the form reads of the answer (SPEC §7: success, error); the rest travels to /success. */
export interface CardPaymentResponse {
  success: boolean;
  error?: string;
  [field: string]: unknown;
}

export interface PaymentProvider {
  /** Shown on /testing. */
  readonly name: string;
  /** False while no server call is plugged in; the form still runs and shows the failure. */
  readonly configured: boolean;
  /**
   * Charge the card. Resolves with the server's answer (`success: false` is a declined payment);
   * rejects on a failed request, with the server's `error` in `response.data.error` when it sent
   * one (axios shape) or else an `Error` whose message is shown.
   */
  payWithCard: (request: CardPaymentRequest) => Promise<CardPaymentResponse>;
}

/** Message of the not-configured provider: what the buyer reads when they try to pay today. */
export const PAYMENTS_NOT_CONNECTED = 'Card payments are not connected yet. No card was charged.';

/** The provider until the payment issue lands: never makes a request, always refuses. */
export const notConfiguredPaymentProvider: PaymentProvider = {
  name: 'not configured',
  configured: false,
  payWithCard: () => Promise.reject(new Error(PAYMENTS_NOT_CONNECTED)),
};

/** The provider the card form uses. Tests (and, later, the payment issue) provide their own. */
export const PaymentProviderContext = createContext<PaymentProvider>(notConfiguredPaymentProvider);

export const usePaymentProvider = (): PaymentProvider => use(PaymentProviderContext);
