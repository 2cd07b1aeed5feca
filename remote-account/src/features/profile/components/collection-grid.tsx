import { CARDS_PER_LIST, type CatalogueItem, type ListResponse } from '@hypertek/shared';

import { LoadingStatus } from '../../../components/loading-status';
import { useState } from 'react';

import { useFirstItems } from '../hooks/use-first-items';
import { BuyAssetsChain } from './buy-assets-chain';
import { EmptyState } from './empty-state';
import { ItemCard } from './item-card';

/**
 * The first 4 items of a catalogue call as cards with 'List Now', or 'No Listing' when there are
 * none (SPEC §2). A spinner shows until the call finishes, whether it succeeds or fails.
 */
export function CollectionGrid({
  request,
  kind,
}: {
  /** Must be stable (module-level): it is the effect's dependency. */
  request: (signal: AbortSignal) => Promise<ListResponse<CatalogueItem>>;
  kind: 'nfa' | 'land';
}) {
  const items = useFirstItems(request, CARDS_PER_LIST);
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);
  if (!items) {
    return <LoadingStatus />;
  }
  if (items.length === 0) {
    return (
      <EmptyState title="No Listing" heading="h2">
        Nothing here yet. Explore the market to start your collection.
      </EmptyState>
    );
  }
  return (
    <>
      <ul className="grid grid-4 ac-cards">
        {items.map((item) => (
          <ItemCard key={item._id || item.id} item={item} kind={kind} onChoose={setChosen} />
        ))}
      </ul>
      {chosen && <BuyAssetsChain item={chosen} onClose={() => setChosen(null)} />}
    </>
  );
}
