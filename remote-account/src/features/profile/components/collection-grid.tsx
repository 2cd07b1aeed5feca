import { CARDS_PER_LIST, type CatalogueItem, type ItemKind } from '@hypertek/shared';
import { useState } from 'react';

import { LoadingStatus } from '../../../components/loading-status';
import { useCollection } from '../hooks/use-collection';
import { BuyAssetsChain } from './buy-assets-chain';
import { EmptyState } from './empty-state';
import { OwnedItemCard } from './owned-item-card';
import { ReadFailure } from './read-failure';

const KIND_NAME: Record<ItemKind, string> = { nfa: 'collectibles', land: 'lands' };

/**
 * The user's own items of one kind, in the profile's layout (up to 4 cards with 'List Now', else
 * 'No Listing'): what they own, newest first, the listed ones with a 'Listed' chip. A spinner
 * shows while loading; a failure says so, with 'Try again'. 'List Now' opens the listing chain.
 */
export function CollectionGrid({
  userId,
  walletAddress,
  kind,
}: {
  userId: string;
  /** The account's wallet, when it signs in with one: it signs its listings. */
  walletAddress: string | null | undefined;
  kind: ItemKind;
}) {
  const collection = useCollection(userId, kind, CARDS_PER_LIST);
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);

  if (collection.status === 'loading')
    return <LoadingStatus label={`Loading your ${KIND_NAME[kind]}…`} />;
  if (collection.status === 'error') {
    return (
      <ReadFailure
        what={`Your ${KIND_NAME[kind]}`}
        message={collection.message}
        retry={collection.retry}
      />
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
      {chosen && (
        <BuyAssetsChain
          item={chosen}
          userId={userId}
          walletAddress={walletAddress}
          onClose={() => setChosen(null)}
        />
      )}
    </>
  );
}
