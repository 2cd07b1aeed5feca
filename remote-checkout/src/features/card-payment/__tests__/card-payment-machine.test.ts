import { MESSAGES } from '@hypertek/shared';
import { makeUser } from '@hypertek/shared/testing';

import { land } from '../../../test/fixtures';
import {
  buildCardPaymentRequest,
  buildPaymentIntentRequest,
  cardFailureMessage,
  cardPaymentReducer,
  INITIAL_CARD_PAYMENT_STATE,
  providerErrorMessage,
} from '../lib/card-payment-machine';

describe('card payment states', () => {
  it('goes idle → processing → success', () => {
    const processing = cardPaymentReducer(INITIAL_CARD_PAYMENT_STATE, { type: 'submit' });
    expect(processing).toEqual({ status: 'processing' });
    expect(cardPaymentReducer(processing, { type: 'succeed', payment: { id: 'pay_1' } })).toEqual({
      status: 'success',
      payment: { id: 'pay_1' },
    });
  });

  it('keeps processing on a second submit, and leaves an error on the next one', () => {
    const processing = cardPaymentReducer(INITIAL_CARD_PAYMENT_STATE, { type: 'submit' });
    expect(cardPaymentReducer(processing, { type: 'submit' })).toBe(processing);
    const failed = cardPaymentReducer(processing, { type: 'fail', message: 'No' });
    expect(failed).toEqual({ status: 'error', message: 'No' });
    expect(cardPaymentReducer(failed, { type: 'submit' })).toEqual({ status: 'processing' });
  });
});

describe('the error text of a failed payment', () => {
  it("is the server's error first, then the error's message", () => {
    const serverError = Object.assign(new Error('status 400'), {
      response: { data: { error: 'Card declined' } },
    });
    expect(cardFailureMessage(serverError)).toBe('Card declined');
    expect(cardFailureMessage(new Error('Network Error'))).toBe('Network Error');
  });

  it('falls back to the retry message when neither says anything', () => {
    expect(cardFailureMessage({ response: { data: { error: '' } } })).toBe(
      MESSAGES.paymentFailedRetry,
    );
    expect(cardFailureMessage('boom')).toBe(MESSAGES.paymentFailedRetry);
  });
});

describe("the error text of the card provider's own calls", () => {
  const failed = (data: unknown) =>
    Object.assign(new Error('Request failed with status code 400'), { response: { data } });

  it("reads the sandbox's error text, Stripe's { error: { message } }, then the message", () => {
    expect(providerErrorMessage(failed({ error: 'Your card number is invalid.' }))).toBe(
      'Your card number is invalid.',
    );
    expect(providerErrorMessage(failed({ error: { message: 'Your card was declined.' } }))).toBe(
      'Your card was declined.',
    );
    expect(providerErrorMessage(failed({ success: false, message: 'Payment not found' }))).toBe(
      'Payment not found',
    );
    expect(providerErrorMessage(failed({}))).toBe('Request failed with status code 400');
  });
});

describe('the pay-with-card request', () => {
  it('sends the amount in cents, currency usd, and the item as game details', () => {
    expect(
      buildCardPaymentRequest({
        user: makeUser(),
        item: { ...land, price: 19.99 },
        nameOnCard: 'A L',
        paymentMethodId: 'pm_1',
      }),
    ).toEqual({
      userId: 'u1',
      userInfo: { name: 'A L', email: 'ada@example.com' },
      gameDetails: {
        gameId: 'land-7',
        serialNumber: 'L-007',
        title: 'Sector 7 Parcel',
        price: 19.99,
      },
      paymentDetails: { amount: 1999, payment_method_id: 'pm_1', currency: 'usd' },
      provider: 'card',
      productId: 'land-7',
    });
  });
});

describe('the create-payment-intent request', () => {
  it('sends the amount in cents, currency usd, the buyer and the item', () => {
    expect(buildPaymentIntentRequest({ user: makeUser(), item: { ...land, price: 12.5 } })).toEqual(
      {
        amount: 1250,
        userId: 'u1',
        gameId: 'land-7',
        gameTitle: 'Sector 7 Parcel',
        serialNumber: 'L-007',
        currency: 'usd',
        email: 'ada@example.com',
        productId: 'land-7',
      },
    );
  });
});
