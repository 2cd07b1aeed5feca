import { apiAssetUrl, formatPrice, itemSerial, itemTitle, type WireItem } from '@hypertek/shared';

/**
 * The item being bought: image, title, serial number, description and price. Images
 * load from the API host; an item without one gets a drawn placeholder (no external URL).
 */
export function ItemSummary({ item, headingLevel = 2 }: { item: WireItem; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const image = apiAssetUrl(item.image);
  const title = itemTitle(item);
  const serial = itemSerial(item);
  return (
    <article className="co-item" aria-label={`Item: ${title}`}>
      <div className="co-item-media">
        {image ? (
          <img src={image} alt={title} loading="lazy" />
        ) : (
          <div className="co-item-placeholder" role="img" aria-label={`${title} (no image)`}>
            <span aria-hidden="true">HT</span>
          </div>
        )}
      </div>
      <div className="co-item-body">
        <Heading className="co-item-title">{title}</Heading>
        {serial && <p className="co-item-serial muted">#{serial}</p>}
        {item.description && <p className="co-item-description">{item.description}</p>}
        <p className="co-item-price">
          <span className="muted">Price</span>
          <span className="price" data-testid="item-price">
            {formatPrice(item.price)}
          </span>
        </p>
      </div>
    </article>
  );
}
