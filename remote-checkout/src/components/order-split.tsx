import type { WireItem } from '@hypertek/shared';
import type { ReactNode } from 'react';

import { ItemSummary } from './item-summary';

/** A checkout page's two columns: the order summary (the item being bought), then `children`. */
export function OrderSplit({ item, children }: { item: WireItem; children: ReactNode }) {
  return (
    <div className="co-split">
      <section className="card co-panel" aria-label="Order summary">
        <ItemSummary item={item} />
      </section>
      {children}
    </div>
  );
}
