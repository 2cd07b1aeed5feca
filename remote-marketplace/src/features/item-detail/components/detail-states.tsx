import type { ItemKind } from '@hypertek/shared';
import '../../../styles/item-detail.css';

import type { ReactNode } from 'react';
import { Link } from 'react-router';

const KIND_NAME: Record<ItemKind, string> = { nfa: 'NFA', land: 'land' };
const BROWSE: Record<ItemKind, { to: string; label: string }> = {
  nfa: { to: '/nfa-expand', label: 'Browse NFAs' },
  land: { to: '/land', label: 'Browse lands' },
};

/**
 * The detail page while its item loads: the same boxes as the detail (square art, eyebrow, title,
 * serial and state, owner, price card), so nothing moves when the item arrives.
 */
export function DetailSkeleton({ kind }: { kind: ItemKind }) {
  return (
    <div
      className="container mp-detail mp-detail-skeleton"
      role="status"
      aria-label={`Loading ${KIND_NAME[kind]}`}
      aria-busy="true"
    >
      <div className="mp-detail-media" aria-hidden="true">
        <span className="ui-item-image mp-skeleton" />
      </div>
      <div className="mp-detail-info" aria-hidden="true">
        <p className="eyebrow">{kind === 'nfa' ? 'NFA Collectible' : 'Land Parcel'}</p>
        <span className="mp-skeleton mp-skeleton-title">&nbsp;</span>
        <span className="mp-skeleton mp-skeleton-line">&nbsp;</span>
        <span className="mp-skeleton mp-skeleton-owner">&nbsp;</span>
        <span className="card mp-detail-price mp-skeleton-price-card">
          <span className="mp-skeleton mp-skeleton-line">&nbsp;</span>
          <span className="mp-skeleton mp-skeleton-amount">&nbsp;</span>
        </span>
      </div>
    </div>
  );
}

/** A detail page with nothing to show: a heading, what happened, and where to go instead. */
function DetailProblem({
  kind,
  title,
  children,
  action,
}: {
  kind: ItemKind;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  const browse = BROWSE[kind];
  return (
    <section className="container mp-section mp-first" aria-labelledby="mp-detail-problem">
      <div className="mp-notice mp-detail-problem">
        <h1 id="mp-detail-problem">{title}</h1>
        {children}
        <div className="mp-detail-problem-actions">
          {action}
          <Link className="btn btn-ghost" to={browse.to}>
            {browse.label}
          </Link>
          <Link className="btn btn-ghost" to="/market-place">
            Back to the MarketPlace
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The address names an item the server does not have. */
export function ItemNotFound({ kind, id }: { kind: ItemKind; id: string }) {
  return (
    <DetailProblem kind={kind} title="This item does not exist">
      <p className="lead">
        No {KIND_NAME[kind]} has the id <strong className="mp-detail-id">{id}</strong>. The link may
        be mistyped, or the item is gone.
      </p>
    </DetailProblem>
  );
}

/** The item could not be read (network or server): try again, or go elsewhere. */
export function ItemLoadError({ kind, onRetry }: { kind: ItemKind; onRetry: () => void }) {
  return (
    <DetailProblem
      kind={kind}
      title="This item could not be loaded"
      action={
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      }
    >
      <p className="lead" role="alert">
        The marketplace did not answer. Check your connection and try again.
      </p>
    </DetailProblem>
  );
}
