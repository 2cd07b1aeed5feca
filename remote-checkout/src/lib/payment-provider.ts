/**
 * The server side of a card payment, as the checkout sees it: charge a card
 * (`card/pay-with-card`), open a PaymentIntent for the embedded 'Secure Payment' variant, and read
 * an intent's outcome after the bank's authentication. The forms find it in
 * `PaymentProviderContext`; its default is the site's API, and tests may provide their own.
 */
import {
  api,
  type CardPaymentRequest,
  type CardPaymentResponse,
  type CreatePaymentIntentRequest,
  type CreatePaymentIntentResponse,
  type PaymentIntentView,
} from '@hypertek/shared';
import { createContext, use } from 'react';

export type { CardPaymentRequest, CardPaymentResponse };

export interface PaymentProvider {
  /** Shown on /testing. */
  readonly name: string;
  /** Shown on /testing: whether the calls reach a server. */
  readonly configured: boolean;
  /**
   * Charge the card. Resolves with the server's answer (`success: false` with `requiresAction`
   * asks for the bank's authentication; without it, the payment failed); rejects on a failed
   * request, with the server's `error` in `response.data.error` when it sent one (axios shape).
   */
  payWithCard: (request: CardPaymentRequest) => Promise<CardPaymentResponse>;
  /** A client secret for the embedded variant (an open intent of the same order is reused). */
  createPaymentIntent: (
    request: CreatePaymentIntentRequest,
  ) => Promise<CreatePaymentIntentResponse>;
  /** The buyer's own intent, as the provider has it now. */
  getPaymentIntent: (id: string) => Promise<PaymentIntentView>;
}

/** The site's API: the provider every page uses unless a test provides another. */
export const apiPaymentProvider: PaymentProvider = {
  name: 'Hyper Tek API',
  configured: true,
  payWithCard: (request) => api.payWithCard(request),
  createPaymentIntent: (request) => api.createPaymentIntent(request),
  getPaymentIntent: (id) => api.getPaymentIntent(id).then((answer) => answer.paymentIntent),
};

export const PaymentProviderContext = createContext<PaymentProvider>(apiPaymentProvider);

export const usePaymentProvider = (): PaymentProvider => use(PaymentProviderContext);
