import { Link } from 'react-router';

import {
  ITEM_PAGE,
  itemId,
  itemPath,
  itemPrice,
  itemSerial,
  itemTitle,
  type ItemKind,
  type WireItem,
} from '../lib/catalogue-item';
import { ItemImage } from './item-image';

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
 * A market or land card: image, title, serial number, attributes, price, and 'Buy Now' to the
 * item's address, with the item as navigation state (the page shows it before any call).
 */
export function ItemCard({
  item,
  kind,
  priority = false,
  headingLevel = 3,
}: {
  item: WireItem;
  kind: ItemKind;
  /** The card is in the first screen (see ItemImage). */
  priority?: boolean;
  /** One below the grid's section heading. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = itemTitle(item, kind);
  const serial = itemSerial(item);
  const attributes = attributesOf(item, kind);
  return (
    <article className="card item-card mp-card">
      <div className="mp-card-media">
        <ItemImage image={item.image} alt={title} kind={kind} priority={priority} />
        <span className="mp-chip">{kind === 'nfa' ? 'NFA' : 'LAND'}</span>
      </div>
      <Heading>{title}</Heading>
      {serial && <p className="mp-serial muted">#{serial}</p>}
      {/* Always the line, so every card of a grid is as tall as the others. */}
      <p className="mp-card-attrs muted">{attributes || '\u00a0'}</p>
      <p className="mp-card-price">
        <span className="muted">Price</span>
        <span className="price">{itemPrice(item.price)}</span>
      </p>
      <Link
        className="btn btn-primary mp-card-buy"
        to={itemAddress(item, kind)}
        state={item}
        aria-label={`Buy Now: ${title}`}
      >
        Buy Now
      </Link>
    </article>
  );
}
