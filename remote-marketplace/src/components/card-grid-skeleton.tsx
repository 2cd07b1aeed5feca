import type { ReactNode } from 'react';

/**
 * A card's place while the catalogue loads: the same boxes as `ItemCard` (square art, one-line
 * title, serial and attributes, price row, button), so the grid, and everything below it, does not move when
 * the cards arrive.
 */
export function SkeletonCard() {
  return (
    <div className="card item-card ui-item-card mp-card-skeleton" aria-hidden="true">
      <div className="ui-item-card-media">
        <span className="ui-item-image mp-skeleton" />
      </div>
      <h3>
        <span className="mp-skeleton mp-skeleton-text">&nbsp;</span>
      </h3>
      <p className="ui-item-card-serial muted">
        <span className="mp-skeleton mp-skeleton-text mp-skeleton-short">&nbsp;</span>
      </p>
      <p className="ui-item-card-details muted">
        <span className="mp-skeleton mp-skeleton-text mp-skeleton-short">&nbsp;</span>
      </p>
      <p className="ui-item-card-price">
        <span className="muted">Price</span>
        <span className="price mp-skeleton mp-skeleton-price">&nbsp;</span>
      </p>
      <span className="btn btn-primary ui-item-card-action mp-skeleton-button">&nbsp;</span>
    </div>
  );
}

/** A grid of `count` card placeholders (after `leading`, a tile that needs no data), announced by `label`. */
export function CardGridSkeleton({
  label,
  count,
  leading,
}: {
  label: string;
  count: number;
  leading?: ReactNode;
}) {
  return (
    <div className="grid grid-4 mp-grid" role="status" aria-label={label} aria-busy="true">
      {leading}
      {Array.from({ length: count }, (_, i) => (
        <SkeletonCard key={i} />
      ))}
    </div>
  );
}
