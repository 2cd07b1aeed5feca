import '../../styles/marketplace.css';

import type { ItemKind } from '@hypertek/shared';
import { lazy, Suspense } from 'react';

import { usdt } from '../../lib/prices';
import { useSellFlow } from './use-sell-flow';
import { SELL_TILE_PRICE } from '../../data/constants';

/**
 * The dialogs (the seller's items, the listing, the wallet) load when they are first wanted, not
 * with the catalogue's first screen; pointing at or focusing 'Sell Now' fetches them ahead.
 */
const loadSellDialogs = () => import('./sell-dialogs');
const SellDialogs = lazy(() =>
  loadSellDialogs().then((module) => ({ default: module.SellDialogs })),
);
const preload = () => void loadSellDialogs();

/**
 * The first tile of the market and land grids: a price and 'Sell Now', opening the sell flow over
 * the seller's own items of `kind` (NFAs on the market page, lands on /land).
 * `headingLevel`: one below the grid's section heading (2 on /land, whose section is the h1).
 */
export function InstantSellTile({
  kind = 'nfa',
  headingLevel = 3,
}: {
  kind?: ItemKind;
  headingLevel?: 2 | 3;
}) {
  const flow = useSellFlow();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card ui-item-card mp-sell-tile" aria-labelledby="mp-sell-title">
      <div className="mp-sell-glow" aria-hidden="true" />
      <svg className="mp-sell-emblem" viewBox="0 0 64 64" aria-hidden="true">
        <path
          d="M32 4 56 18v28L32 60 8 46V18Z"
          fill="rgb(0 229 255 / 8%)"
          stroke="#00e5ff"
          strokeWidth="2"
        />
        <path
          d="M35 14 22 36h10l-3 14 13-22H32Z"
          fill="#ff2bd6"
          stroke="#ff2bd6"
          strokeWidth="1.5"
          strokeLinejoin="round"
        />
      </svg>
      <p className="eyebrow">Sell in one step</p>
      <Heading id="mp-sell-title">Instant Sell</Heading>
      <p className="muted">List an item from your hangar at the current floor.</p>
      <p className="ui-item-card-price">
        <span className="muted">Price</span>
        <span className="price">{usdt(SELL_TILE_PRICE)}</span>
      </p>
      <button
        type="button"
        className="btn btn-primary"
        aria-haspopup="dialog"
        onClick={flow.start}
        onPointerEnter={preload}
        onFocus={preload}
      >
        Sell Now
      </button>
      {flow.run > 0 && (
        <Suspense fallback={null}>
          <SellDialogs
            key={flow.run}
            kind={kind}
            step={flow.step}
            onMove={flow.moveTo}
            onClose={flow.close}
          />
        </Suspense>
      )}
    </article>
  );
}
