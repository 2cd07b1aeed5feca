import { apiAssetUrl, formatPrice, type CatalogueItem } from '@hypertek/shared';

import { ItemArt } from '../../../components/item-art';

/** SPEC §3: a missing title falls back to a default name; serialNumber, else code or name. */
const DEFAULT_TITLE = { nfa: 'Hyper Tek NFA', land: 'Hyper Tek Land' } as const;

function serialOf(item: CatalogueItem): string {
  const loose = item as CatalogueItem & { code?: unknown; name?: unknown };
  const serial = item.serialNumber || loose.code || loose.name;
  return typeof serial === 'string' ? serial : '';
}

/** A collectible or land on the profile, with 'List Now' (which opens the buy chain, SPEC §4). */
export function ItemCard({
  item,
  kind,
  onChoose,
}: {
  item: CatalogueItem;
  kind: 'nfa' | 'land';
  /** 'List Now' was pressed (the item carries its shown title). */
  onChoose: (item: CatalogueItem) => void;
}) {
  const image = apiAssetUrl(item.image);
  const title = item.title || DEFAULT_TITLE[kind];
  return (
    <li className="card item-card ac-item-card">
      {image ? (
        <img src={image} alt="" loading="lazy" />
      ) : (
        <ItemArt seed={item._id || title} className="ac-item-art" />
      )}
      <h3>{title}</h3>
      <p className="ac-item-meta">
        <span className="muted">{serialOf(item)}</span>
        {Number.isFinite(item.price) && <span className="price">{formatPrice(item.price)}</span>}
      </p>
      <button
        type="button"
        className="btn btn-primary ac-card-btn"
        aria-label={`List Now: ${title}`}
        onClick={() => onChoose({ ...item, title })}
      >
        List Now
      </button>
    </li>
  );
}
