import {
  ITEM_PAGE,
  itemId,
  itemPath,
  itemTitle,
  type ItemKind,
  type WireItem,
} from '@hypertek/shared';
import { ITEM_CARD_ACTION, ItemCard } from '@hypertek/shared/ui';
import { Link } from 'react-router';

import { CardWatchStar } from './watch/card-watch-star';

/** Where a card's 'Buy Now' goes: the item's own address, or its kind's page without an id. */
function itemAddress(item: WireItem, kind: ItemKind): string {
  const id = itemId(item);
  return id ? itemPath(kind, id) : ITEM_PAGE[kind];
}

/** Cards in a grid's first row: their images load first, the others lazily. */
export const FIRST_ROW_CARDS = 4;

/** What the item is, in a few words: 'Rare · Battle drone', 'Neon Basin · Large'. */
function attributesOf(item: WireItem, kind: ItemKind): string {
  const a = item.attributes;
  const words = kind === 'nfa' ? [a?.rarity, a?.category] : [a?.region, a?.size];
  return words.filter(Boolean).join(' · ');
}

/**
 * A market or land card (the kit's ItemCard) with its attributes, its watch star and 'Buy Now' to
 * the item's address, carrying the item as navigation state (the page shows it before any call).
 */
export function BuyCard({
  item,
  kind,
  priority = false,
  headingLevel = 3,
}: {
  item: WireItem;
  kind: ItemKind;
  priority?: boolean;
  headingLevel?: 2 | 3;
}) {
  return (
    <ItemCard
      item={item}
      kind={kind}
      priority={priority}
      headingLevel={headingLevel}
      currency="USDT"
      details={attributesOf(item, kind)}
      corner={<CardWatchStar item={item} kind={kind} />}
      action={
        <Link
          className={ITEM_CARD_ACTION}
          to={itemAddress(item, kind)}
          state={item}
          aria-label={`Buy Now: ${itemTitle(item, kind)}`}
        >
          Buy Now
        </Link>
      }
    />
  );
}
