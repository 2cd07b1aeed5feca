import './item-card.css';

import type { ReactNode } from 'react';

import {
  formatPrice,
  itemId,
  itemSerial,
  itemTitle,
  type ItemKind,
  type PriceCurrency,
  type WireItem,
} from '@hypertek/shared';
import { ItemImage } from './item-image';

/**
 * An item as a card, the same in every app: its picture (with an 'NFA' or 'LAND' chip), title,
 * serial number, an optional line of details, its price, and the app's action ('Buy Now',
 * 'List Now') at the foot. Titles and serials follow the catalogue's reading rules (a default
 * title by kind; serialNumber, else code or name).
 */
export function ItemCard({
  item,
  kind,
  action,
  details,
  as: Tag = 'article',
  headingLevel = 3,
  priority = false,
  currency = 'USD',
  priceText,
  corner,
}: {
  item: WireItem;
  kind: ItemKind;
  /** The card's button or link; it names the item for assistive technology. */
  action: ReactNode;
  /** A line under the serial (the marketplace's attributes); kept even when empty. */
  details?: string | undefined;
  /** 'li' inside a list. */
  as?: 'article' | 'li';
  /** One below the grid's section heading. */
  headingLevel?: 2 | 3;
  /** The card is in the first screen (see ItemImage). */
  priority?: boolean;
  currency?: PriceCurrency;
  /** A fixed text of the product shown as the price ('$2000'), instead of the formatted price. */
  priceText?: string;
  /** A control over the picture's top right corner (the marketplace's watch star). */
  corner?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const title = itemTitle(item, kind);
  const serial = itemSerial(item);
  return (
    <Tag className="card item-card ui-item-card">
      <div className="ui-item-card-media">
        <ItemImage
          image={item.image}
          alt={title}
          kind={kind}
          seed={itemId(item) || title}
          priority={priority}
        />
        <span className="ui-item-card-chip">{kind === 'nfa' ? 'NFA' : 'LAND'}</span>
        {corner}
      </div>
      <Heading>{title}</Heading>
      <p className="ui-item-card-serial muted">{serial || '\u00a0'}</p>
      {details !== undefined && (
        // Always the line, so every card of a grid is as tall as the others.
        <p className="ui-item-card-details muted">{details || '\u00a0'}</p>
      )}
      <p className="ui-item-card-price">
        <span className="muted">Price</span>
        <span className="price">
          {priceText ?? (Number.isFinite(item.price) ? formatPrice(item.price, currency) : '—')}
        </span>
      </p>
      {action}
    </Tag>
  );
}

/** The class of a card's action, so every app's 'Buy Now' or 'List Now' has one look. */
export const ITEM_CARD_ACTION = 'btn btn-primary ui-item-card-action';
