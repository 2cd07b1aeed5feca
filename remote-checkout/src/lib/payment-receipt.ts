/**
 * What a successful card payment passes to /success as navigation state ("go to /success with the
 * payment data"), and how /success reads it back without trusting its shape.
 */
import type { ItemKind } from '@hypertek/shared';

export interface PaymentReceipt {
  kind: 'card-payment';
  title: string;
  /** Dollars, as shown ('Pay $amount'); the provider was sent cents. */
  amount: number;
  /** What was bought: the collection tab it now shows in. */
  itemKind: ItemKind;
  /** The server's record of the payment, as it came (not trusted: read with `paymentFacts`). */
  payment: unknown;
}

export function isPaymentReceipt(value: unknown): value is PaymentReceipt {
  if (value === null || typeof value !== 'object') return false;
  const receipt = value as Partial<PaymentReceipt>;
  return (
    receipt.kind === 'card-payment' &&
    typeof receipt.title === 'string' &&
    typeof receipt.amount === 'number'
  );
}

/** The profile tab that lists items of `kind`: Land (/Lands) or Collectible (/Profile). */
export const collectionPath = (kind: ItemKind | undefined): string =>
  kind === 'land' ? '/Lands' : '/Profile';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

export interface PaymentFacts {
  /** e.g. { brand: 'Visa', last4: '4242' } */
  card?: { brand: string; last4: string };
  /** The provider's reference (the PaymentIntent), else the payment's own id. */
  reference?: string;
}

/** What /success shows of the server's record, read without trusting its shape. */
export function paymentFacts(payment: unknown): PaymentFacts {
  if (payment === null || typeof payment !== 'object') return {};
  const record = payment as Record<string, unknown>;
  const card = (record.card ?? null) as Record<string, unknown> | null;
  const brand = text(card?.brand);
  const last4 = text(card?.last4);
  const facts: PaymentFacts = {};
  if (brand && last4) facts.card = { brand: brand.charAt(0).toUpperCase() + brand.slice(1), last4 };
  const reference = text(record.paymentIntentId) ?? text(record.id);
  if (reference) facts.reference = reference;
  return facts;
}
