import { itemId, itemTitle, type ItemKind, type WireItem } from '@hypertek/shared';

import { useWatchedIds } from '../../hooks/use-watch';
import { WatchStar } from './watch-star';

/**
 * A card's watch star, named after its item ('Watch Neon Relic 18'): pressed when the item is on
 * the signed-in user's watchlist (one read of the list serves every card), a link to /signin for
 * a visitor. An item without an id has none.
 */
export function CardWatchStar({ item, kind }: { item: WireItem; kind: ItemKind }) {
  const { viewerId, ids, toggle } = useWatchedIds();
  const id = itemId(item);
  if (!id) return null;
  return (
    <WatchStar
      variant="card"
      label={`Watch ${itemTitle(item, kind)}`}
      signedIn={viewerId !== null}
      watched={ids ? ids.has(id) : null}
      onToggle={() => toggle(id)}
    />
  );
}
