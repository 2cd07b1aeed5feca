/**
 * The card form's states: idle → processing → success, or → error with
 * the text shown in the form. The bank's authentication, when asked for, happens inside
 * processing. Pure, so the rules are tested without a DOM.
 */
import {
  type CardPaymentRequest,
  type CreatePaymentIntentRequest,
  CURRENCY,
  itemId,
  itemSerial,
  itemTitle,
  MESSAGES,
  toCents,
  type User,
  type WireItem,
} from '@hypertek/shared';

/** The payment data a success carries to /success: the server's record of the payment. */
export type PaymentData = object;

export type CardPaymentState =
  | { status: 'idle' }
  | { status: 'processing' }
  | { status: 'success'; payment: PaymentData }
  | { status: 'error'; message: string };

export type CardPaymentEvent =
  | { type: 'submit' }
  | { type: 'succeed'; payment: PaymentData }
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
      return { status: 'success', payment: event.payment };
    case 'fail':
      return { status: 'error', message: event.message };
  }
}

/** The error text of a rejected payment: the server's `error`, else the error's message. */
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

const responseData = (error: unknown): unknown =>
  error !== null && typeof error === 'object'
    ? (error as { response?: { data?: unknown } }).response?.data
    : undefined;

/**
 * The error text of a failed call to the card provider itself (the sandbox's card, confirm and
 * authentication calls, which answer as Stripe.js does): its `error` (text, or Stripe's
 * `{ message }`), else its `message`, else the error's message.
 */
export function providerErrorMessage(error: unknown): string {
  const data = responseData(error);
  if (data !== null && typeof data === 'object') {
    const { error: detail, message } = data as { error?: unknown; message?: unknown };
    if (typeof detail === 'string' && detail) return detail;
    if (detail !== null && typeof detail === 'object') {
      const nested = (detail as { message?: unknown }).message;
      if (typeof nested === 'string' && nested) return nested;
    }
    if (typeof message === 'string' && message) return message;
  }
  return cardFailureMessage(error);
}

/** The body of `card/pay-with-card`: the amount in cents, currency 'usd'. */
export function buildCardPaymentRequest(input: {
  user: User;
  item: WireItem;
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

/** The body of `payment/create-payment-intent`: the amount in cents, currency 'usd'. */
export function buildPaymentIntentRequest(input: {
  user: User;
  item: WireItem;
}): CreatePaymentIntentRequest {
  const { user, item } = input;
  const productId = itemId(item);
  return {
    amount: toCents(item.price),
    userId: user._id || user.id,
    gameId: productId,
    gameTitle: itemTitle(item),
    serialNumber: itemSerial(item),
    currency: CURRENCY,
    email: user.Email,
    productId,
  };
}
