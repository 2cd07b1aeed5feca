import { itemId, useDocumentHead, type ItemKind } from '@hypertek/shared';
import type { ReactNode } from 'react';

import { EmptyCollection } from '../../../components/empty-collection';
import { MarketplacePage } from '../../../components/marketplace-page';
import { useDetailItem } from '../hooks/use-detail-item';
import { useLiveItem } from '../hooks/use-live-item';
import { usePaymentReturn } from '../hooks/use-payment-return';
import { itemHead, itemNotFoundHead, itemPageHead } from '../lib/item-head';
import { DetailSkeleton, ItemLoadError, ItemNotFound } from './detail-states';
import { ItemDetail } from './item-detail';
import { SalesHistory } from './sales-history';

/**
 * /buy-nfa and /buy-land: the item named by `?id=`, else from navigation state or storage (see
 * `useDetailItem`), with its sales below whatever the page adds (the land's price history);
 * a skeleton while it loads, a not-found or retry screen when it cannot be shown, the empty
 * collection when there is no item at all. Back from the card provider, the payment is confirmed.
 * The item's market events (offers, listings, prices, sales) refresh the page as they happen.
 */
export function DetailPage({ kind, children }: { kind: ItemKind; children?: ReactNode }) {
  const detail = useDetailItem(kind);
  usePaymentReturn();
  // What happens to the item on the market shows without a reload.
  useLiveItem(detail.status === 'ready' ? itemId(detail.item) : null);
  // The tab's title and description follow the item (over the route's), and never stay those
  // of the item shown before while another loads or fails.
  useDocumentHead(
    detail.status === 'ready'
      ? itemHead(detail.item, kind)
      : detail.status === 'not-found'
        ? itemNotFoundHead(kind)
        : itemPageHead(kind),
  );
  return (
    <MarketplacePage>
      {detail.status === 'ready' ? (
        <ItemDetail item={detail.item} kind={kind}>
          {children}
          <SalesHistory itemId={itemId(detail.item)} />
        </ItemDetail>
      ) : detail.status === 'loading' ? (
        <DetailSkeleton kind={kind} />
      ) : detail.status === 'not-found' ? (
        <ItemNotFound kind={kind} id={detail.id} />
      ) : detail.status === 'error' ? (
        <ItemLoadError kind={kind} onRetry={detail.retry} />
      ) : (
        <section className="container mp-section mp-first">
          <h1 className="visually-hidden">{kind === 'nfa' ? 'NFA details' : 'Land details'}</h1>
          <EmptyCollection browseTo={kind === 'nfa' ? '/nfa-expand' : '/land'} />
        </section>
      )}
    </MarketplacePage>
  );
}
