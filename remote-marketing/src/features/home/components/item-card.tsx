import { apiAssetUrl, itemTitle, type CatalogueItem } from '@hypertek/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { GeneratedArt } from '../../../components/generated-art';

/** '$120' for whole amounts, '$205.50' otherwise. */
const usd = (amount: number): string =>
  amount.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  });

/** One item of a home list: image, title, price and 'Buy Now' to the marketplace. */
export function ItemCard({ item }: { item: CatalogueItem }) {
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);
  const title = itemTitle(item);
  const src = apiAssetUrl(item.image);
  return (
    <article className="card item-card mk-item-card">
      <div className="mk-item-card__media">
        {src && !imageFailed ? (
          <img src={src} alt={title} loading="lazy" onError={() => setImageFailed(true)} />
        ) : (
          <GeneratedArt seed={item._id || title} kind={item.kind} label={title} />
        )}
      </div>
      <h3 id={titleId}>{title}</h3>
      <p className="mk-item-card__price">
        <span className="muted">Price</span> <span className="price">{usd(item.price)}</span>
      </p>
      <Link
        to="/market-place"
        className="btn btn-primary mk-item-card__buy"
        aria-describedby={titleId}
      >
        Buy Now
      </Link>
    </article>
  );
}
