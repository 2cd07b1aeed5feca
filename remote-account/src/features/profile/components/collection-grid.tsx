import { CARDS_PER_LIST, type CatalogueItem, type ItemKind } from '@hypertek/shared';
import { useState } from 'react';

import { LoadingStatus } from '../../../components/loading-status';
import { useCollection } from '../hooks/use-collection';
import { BuyAssetsChain } from './buy-assets-chain';
import { EmptyState } from './empty-state';
import { OwnedItemCard } from './owned-item-card';

const KIND_NAME: Record<ItemKind, string> = { nfa: 'collectibles', land: 'lands' };

/**
 * The user's own items of one kind, in the profile's layout (up to 4 cards with 'List Now', else
 * 'No Listing'): what they really bought, newest first. A spinner shows while loading; a failure says
 * so, with 'Try again'.
 */
export function CollectionGrid({ userId, kind }: { userId: string; kind: ItemKind }) {
  const collection = useCollection(userId, kind, CARDS_PER_LIST);
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);

  if (collection.status === 'loading')
    return <LoadingStatus label={`Loading your ${KIND_NAME[kind]}…`} />;
  if (collection.status === 'error') {
    return (
      <div className="ac-center-status ac-collection-error" role="alert">
        <p>
          <strong>Your {KIND_NAME[kind]} could not be loaded.</strong> {collection.message}
        </p>
        <button type="button" className="btn btn-ghost" onClick={collection.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (collection.items.length === 0) {
    return (
      <EmptyState title="No Listing" heading="h2">
        {kind === 'land'
          ? 'You own no land yet. Lands you buy show up here.'
          : 'You own no collectibles yet. NFAs you buy show up here.'}
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid grid-4 ac-cards">
        {collection.items.map((item) => (
          <OwnedItemCard key={item._id || item.id} item={item} kind={kind} onChoose={setChosen} />
        ))}
      </ul>
      {chosen && <BuyAssetsChain item={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}
