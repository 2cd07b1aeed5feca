/**
 * What a successful card payment passes to /success as navigation state ("go to /success with the
 * payment data", SPEC §4), and how /success reads it back without trusting its shape.
 */
export interface PaymentReceipt {
  kind: 'card-payment';
  title: string;
  /** Dollars, as shown ('Pay $amount'); the provider was sent cents. */
  amount: number;
  /** The server's answer, as it came. */
  payment: Record<string, unknown>;
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
