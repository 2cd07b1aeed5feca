/**
 * The card form's states (SPEC §4 "Card payment"): idle → processing → success, or → error with
 * the text shown in the form. Pure, so the rules are tested without a DOM.
 */
import { CURRENCY, MESSAGES, toCents, type User } from '@hypertek/shared';

import { itemId, itemSerial, itemTitle, type PaymentItem } from '../../../lib/payment-item';
import type { CardPaymentRequest, CardPaymentResponse } from './payment-provider';

export type CardPaymentState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'success'; response: CardPaymentResponse }
  | { status: 'error'; message: string };

export type CardPaymentEvent =
  | { type: 'submit' }
  | { type: 'succeed'; response: CardPaymentResponse }
  | { type: 'fail'; message: string };

export const INITIAL_CARD_PAYMENT_STATE: CardPaymentState = { status: 'idle' };

export function cardPaymentReducer(
  state: CardPaymentState,
  event: CardPaymentEvent,
): CardPaymentState {
  switch (event.type) {
    case 'submit':
      // One payment at a time: a second submit while processing changes nothing.
      return state.status === 'processing' ? state : { status: 'processing' };
    case 'succeed':
      return { status: 'success', response: event.response };
    case 'fail':
      return { status: 'error', message: event.message };
  }
}

/** The error text of a rejected payment: the server's `error`, else the error's message (SPEC §8). */
export function cardFailureMessage(error: unknown): string {
  if (error !== null && typeof error === 'object') {
    const data = (error as { response?: { data?: unknown } }).response?.data;
    if (data !== null && typeof data === 'object' && 'error' in data) {
      const serverError = data.error;
      if (typeof serverError === 'string' && serverError) return serverError;
    }
    if (error instanceof Error && error.message) return error.message;
  }
  return MESSAGES.paymentFailedRetry;
}

/** The body of `card/pay-with-card` (SPEC §7): the amount in cents, currency 'usd'. */
export function buildCardPaymentRequest(input: {
  user: User;
  item: PaymentItem;
  nameOnCard: string;
  paymentMethodId: string;
}): CardPaymentRequest {
  const { user, item, nameOnCard, paymentMethodId } = input;
  const productId = itemId(item);
  return {
    userId: user._id || user.id,
    userInfo: { name: nameOnCard, email: user.Email },
    gameDetails: {
      gameId: productId,
      serialNumber: itemSerial(item),
      title: itemTitle(item),
      price: item.price,
    },
    paymentDetails: {
      amount: toCents(item.price),
      payment_method_id: paymentMethodId,
      currency: CURRENCY,
    },
    provider: 'card',
    productId,
  };
}
