import { formatPrice, PLATFORM_FEE } from '@hypertek/shared';

/**
 * What the card is charged, said once beside the pay button: the buy dialog shows a total with
 * the platform fee, and the buyer must not wonder why the button says less.
 */
export function ChargeNote({ amount }: { amount: number }) {
  return (
    <p className="co-charge-note" data-testid="charge-note">
      Your card is charged <strong>{formatPrice(amount)}</strong> in USD, the item&rsquo;s price.
      The {PLATFORM_FEE} USDT platform fee shown in the buy dialog is for information only: it is
      not charged to your card.
    </p>
  );
}
