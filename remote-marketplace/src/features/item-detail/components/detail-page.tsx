import type { ReactNode } from 'react';

import { EmptyCollection } from '../../../components/empty-collection';
import { MarketplacePage } from '../../../components/marketplace-page';
import type { ItemKind } from '../../../lib/catalogue-item';
import { useDetailItem } from '../hooks/use-detail-item';
import { usePaymentReturn } from '../hooks/use-payment-return';
import { ItemDetail } from './item-detail';

/**
 * /buy-nfa and /buy-land: the item from navigation state or storage, or the empty collection when
 * there is none; back from the card provider, the payment is confirmed.
 */
export function DetailPage({ kind, children }: { kind: ItemKind; children?: ReactNode }) {
  const item = useDetailItem();
  usePaymentReturn();
  return (
    <MarketplacePage>
      {item ? (
        <ItemDetail item={item} kind={kind}>
          {children}
        </ItemDetail>
      ) : (
        <section className="container mp-section mp-first">
          <h1 className="visually-hidden">{kind === 'nfa' ? 'NFA details' : 'Land details'}</h1>
          <EmptyCollection browseTo={kind === 'nfa' ? '/nfa-expand' : '/land'} />
        </section>
      )}
    </MarketplacePage>
  );
}
