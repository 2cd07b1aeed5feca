import { PLATFORM_FEE } from '@hypertek/shared';
import type { ReactNode } from 'react';

import { usdt } from '../lib/prices';

/**
 * The fee lines of a sale: the amount (under its label), the platform fee (the product's fixed
 * text: 'Platform Fee $0.5 USDT') and the total, as the buy dialog and the sell form show them.
 */
export function FeeLines({
  label,
  amount,
  total,
}: {
  label: string;
  amount: ReactNode;
  total: ReactNode;
}) {
  return (
    <dl className="mp-fees">
      <div>
        <dt>{label}</dt>
        <dd>{amount}</dd>
      </div>
      <div>
        <dt>Platform Fee</dt>
        <dd>{usdt(PLATFORM_FEE)}</dd>
      </div>
      <div className="mp-fees-total">
        <dt>Total Fee</dt>
        <dd>{total}</dd>
      </div>
    </dl>
  );
}
