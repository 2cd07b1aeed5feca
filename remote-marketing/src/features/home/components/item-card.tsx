import { apiAssetUrl, formatPrice, itemTitle, type CatalogueItem } from '@hypertek/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { GeneratedArt } from '../../../components/generated-art';

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
        <span className="muted">Price</span>{' '}
        <span className="price">{formatPrice(item.price)}</span>
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
