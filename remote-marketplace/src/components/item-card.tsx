import { Link } from 'react-router';

import { itemSerial, itemTitle, usdt, type ItemKind, type WireItem } from '../lib/catalogue-item';
import { ItemImage } from './item-image';

/** Where a card's 'Buy Now' goes: the item detail page of its kind. */
export const DETAIL_PATH: Record<ItemKind, string> = { nfa: '/buy-nfa', land: '/buy-land' };

/** Cards in a grid's first row: their images load first, the others lazily. */
export const FIRST_ROW_CARDS = 4;

/** A market or land card: image, title, serial number, price, and 'Buy Now' with the item as state. */
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
  return (
    <article className="card item-card mp-card">
      <div className="mp-card-media">
        <ItemImage image={item.image} alt={title} kind={kind} priority={priority} />
        <span className="mp-chip">{kind === 'nfa' ? 'NFA' : 'LAND'}</span>
      </div>
      <Heading>{title}</Heading>
      {serial && <p className="mp-serial muted">#{serial}</p>}
      <p className="mp-card-price">
        <span className="muted">Price</span>
        <span className="price">{usdt(item.price)}</span>
      </p>
      <Link
        className="btn btn-primary mp-card-buy"
        to={DETAIL_PATH[kind]}
        state={item}
        aria-label={`Buy Now: ${title}`}
      >
        Buy Now
      </Link>
    </article>
  );
}
