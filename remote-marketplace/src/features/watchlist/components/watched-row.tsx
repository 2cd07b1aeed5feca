import { itemPath, type WatchedItem } from '@hypertek/shared';
import { ItemImage } from '@hypertek/shared/ui';
import { Link } from 'react-router';

import { itemPrice } from '../../../lib/prices';

/** What the alert price says: 'Alert at or below $250 USDT', or any listing. */
export const alertText = (alertPrice: number | null): string =>
  alertPrice === null ? 'Alert: any listing' : `Alert at or below ${itemPrice(alertPrice)}`;

/**
 * One watched item: its picture, its name (a link to its page), its price and whether it is
 * listed now, its owner, the alert price, and 'Unwatch'.
 */
export function WatchedRow({
  item,
  onUnwatch,
}: {
  item: WatchedItem;
  onUnwatch: (item: WatchedItem) => void;
}) {
  const address = itemPath(item.kind, item.itemId);
  return (
    <li className="card mp-watch-row">
      <div className="mp-watch-row-media">
        <ItemImage image={item.image} alt={item.title} kind={item.kind} seed={item.itemId} />
      </div>
      <div>
        <h2>
          <Link to={address}>{item.title}</Link>
        </h2>
        <ul className="mp-watch-row-facts">
          <li>
            {item.listed && item.listingPrice !== null ? (
              <>
                <span className="mp-listed">Listed</span>{' '}
                <span className="price">{itemPrice(item.listingPrice)}</span>
              </>
            ) : (
              <>
                <span className="mp-unlisted">Not listed</span>{' '}
                <span className="muted">last {itemPrice(item.price)}</span>
              </>
            )}
          </li>
          <li className="muted">Owner {item.owner}</li>
          <li>{alertText(item.alertPrice)}</li>
        </ul>
      </div>
      <div className="mp-watch-row-actions">
        <Link className="btn btn-primary" to={address} aria-label={`View ${item.title}`}>
          View
        </Link>
        <button
          type="button"
          className="btn btn-ghost"
          aria-label={`Unwatch ${item.title}`}
          onClick={() => onUnwatch(item)}
        >
          Unwatch
        </button>
      </div>
    </li>
  );
}
