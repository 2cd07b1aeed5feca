/** Payment answers as the API sends them (the contract of the payment routes), and card typing. */
import type { PaymentIntentView, PaymentRecord, SandboxPaymentIntent } from '@hypertek/shared';
import type { Reply } from '@hypertek/shared/testing';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

export const paymentRecord = (overrides: Partial<PaymentRecord> = {}): PaymentRecord => ({
  id: 'pay_1',
  orderId: 'ord_1',
  paymentIntentId: 'pi_1',
  status: 'succeeded',
  amount: 1800,
  amountCents: 180000,
  currency: 'usd',
  provider: 'sandbox',
  productId: 'nfa-1',
  title: 'Neon Ronin',
  kind: 'nfa',
  card: { brand: 'visa', last4: '4242' },
  createdAt: '2117-01-01T00:00:00.000Z',
  ...overrides,
});

export const paid = (overrides: Partial<PaymentRecord> = {}): Reply => ({
  data: { success: true, message: 'Payment Successful!', payment: paymentRecord(overrides) },
});

/** `pay-with-card`'s answer when the bank asks for authentication. */
export const requiresAction = (id = 'pi_3ds'): Reply => ({
  data: {
    success: false,
    requiresAction: true,
    status: 'requires_action',
    paymentIntentId: id,
    clientSecret: `${id}_secret_abc`,
    message: 'Your bank asks you to confirm this payment.',
  },
});

/** A refusal as the payment routes send it: `message` and `error` with the same text. */
export const refusal = (status: number, message: string, code?: string): Reply => ({
  status,
  data: { success: false, message, error: message, ...(code && { code }) },
});

export const intentView = (overrides: Partial<PaymentIntentView> = {}): PaymentIntentView => ({
  id: 'pi_3ds',
  status: 'succeeded',
  amount: 1800,
  amountCents: 180000,
  currency: 'usd',
  productId: 'nfa-1',
  title: 'Neon Ronin',
  kind: 'nfa',
  failureMessage: null,
  ...overrides,
});

export const intentRead = (overrides: Partial<PaymentIntentView> = {}): Reply => ({
  data: { success: true, paymentIntent: intentView(overrides) },
});

export const sandboxIntent = (
  overrides: Partial<SandboxPaymentIntent> = {},
): SandboxPaymentIntent => ({
  id: 'pi_emb',
  object: 'payment_intent',
  status: 'succeeded',
  amount: 180000,
  currency: 'usd',
  client_secret: 'pi_emb_secret_xyz',
  next_action: null,
  last_payment_error: null,
  ...overrides,
});

export const AUTHENTICATION_FAILED =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** The sandbox's answer to a card it accepts. */
export const paymentMethod = (last4 = '4242'): Reply => ({
  data: { id: 'pm_sandbox_1', object: 'payment_method', card: { brand: 'visa', last4 } },
});

/** Types a card into the sandbox fields (each value typed as a person would). */
export async function typeCard(
  user: UserEvent,
  card: { number?: string; expiry?: string; cvc?: string } = {},
) {
  const { number = '4242424242424242', expiry = '1240', cvc = '123' } = card;
  if (number) await user.type(screen.getByLabelText('Card number'), number);
  if (expiry) await user.type(screen.getByLabelText('Expiry date (MM / YY)'), expiry);
  if (cvc) await user.type(screen.getByLabelText('Security code (CVC)'), cvc);
}
