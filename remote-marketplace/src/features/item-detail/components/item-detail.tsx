import {
  itemId,
  itemSerial,
  itemTitle,
  useSession,
  type ItemKind,
  type WireItem,
} from '@hypertek/shared';
import '../../../styles/item-detail.css';

import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { ItemImage } from '@hypertek/shared/ui';
import { WatchStar } from '../../../components/watch/watch-star';
import { useWatch } from '../../../hooks/use-watch';
import { formatDateTime } from '../../../lib/dates';
import { itemPrice } from '../../../lib/prices';
import { usePurchaseCheck } from '../hooks/use-purchase-check';
import { useReservation } from '../hooks/use-reservation';
import { buyBlocked, HOUSE_TAKES_NO_OFFERS, initials, marketStatus } from '../lib/market-status';
import { BuyDialogs, type BuyStep } from './buy-dialogs';
import { NFA_VIEWS_LABEL, offerCountLabel } from '../../../data/constants';

interface ItemDetailProps {
  item: WireItem;
  kind: ItemKind;
  /** Shown below the item (the land page's price history, the item's sales). */
  children?: ReactNode;
}

// Only a signed-in watcher sees it: its code loads then, not with every item page.
const AlertPriceForm = lazy(() =>
  import('./alert-price-form').then((m) => ({ default: m.AlertPriceForm })),
);

const BADGE_CLASS = {
  Listed: 'mp-listed',
  'Not listed': 'mp-unlisted',
  Reserved: 'mp-reserved',
} as const;

/**
 * The item detail: image, title, serial number, price, its market badge ('Listed', 'Not listed'
 * or 'Reserved'), its owner and, for NFAs, '505 Views'; tabs Overview and 'Offer N' (the open
 * offers); 'Buy Now' (the buy dialogs, then the card payment), 'Buy With Card' (the same check,
 * then the offer form) and 'Make Offer' (straight to the offer form). The owner cannot buy or make
 * an offer ('This is yours'); nobody can buy an item that is not listed, unless it is reserved
 * for them (their accepted offer, at its price), nor one reserved for another buyer; nobody makes
 * an offer on the house's items (it sells at its listed price only). The star beside the title
 * watches the item; once watched, 'Alert me at or below' sets its alert price.
 */
export function ItemDetail({ item, kind, children }: ItemDetailProps) {
  const title = itemTitle(item, kind);
  const serial = itemSerial(item);
  const [step, setStep] = useState<BuyStep | null>(null);
  const { check, checking } = usePurchaseCheck(item);
  const { user } = useSession();
  const viewerId = user?._id ?? user?.id ?? null;
  const status = marketStatus(item, viewerId);
  const reservation = useReservation(item, status, viewerId);
  const blocked = buyBlocked(status, reservation);
  const reasonId = useId();
  const reason = blocked?.reason ?? null;
  // 'Make Offer': not on one's own item, nor on the house's (it sells at its price only).
  const offerBlocked = status.isOwner ? reason : status.isHouse ? HOUSE_TAKES_NO_OFFERS : null;
  const offerReasonId = offerBlocked === reason ? reasonId : `${reasonId}-offer`;
  const mine = reservation.for === 'viewer' ? reservation.offer : null;
  // What the buy dialogs show: the viewer's accepted offer, else the listing's price.
  const price = mine ? mine.offer : item.price;
  const id = itemId(item);
  const watch = useWatch(id);

  return (
    <article className="container mp-detail" aria-labelledby="mp-detail-title">
      {/* The image stays in view beside the details, and only there: not over what comes below. */}
      <div className="mp-detail-aside">
        <div className="mp-detail-media">
          <ItemImage image={item.image} alt={title} kind={kind} priority />
        </div>
      </div>
      <div className="mp-detail-info">
        <p className="eyebrow">{kind === 'nfa' ? 'NFA Collectible' : 'Land Parcel'}</p>
        <div className="mp-detail-head">
          <h1 id="mp-detail-title">{title}</h1>
          {id && (
            <WatchStar
              variant="page"
              label="Watch"
              signedIn={watch.viewerId !== null}
              watched={watch.state?.watched ?? (watch.failed ? false : null)}
              onToggle={watch.toggle}
            />
          )}
        </div>
        <ul className="mp-detail-meta">
          {serial && <li className="mp-serial">#{serial}</li>}
          <li>
            <span className={BADGE_CLASS[status.badge]}>{status.badge}</span>
          </li>
          {kind === 'nfa' && <li className="muted">{NFA_VIEWS_LABEL}</li>}
        </ul>
        <div className="mp-owner">
          <span className="mp-owner-avatar" aria-hidden="true">
            {initials(status.owner)}
          </span>
          <span>
            <span className="muted mp-block">Owner</span>
            <span className="mp-strong">{status.owner}</span>
          </span>
        </div>

        <div className="mp-detail-price card">
          <span className="muted">Current price</span>
          <span className="price mp-big-price">{itemPrice(item.price)}</span>
          <div className="mp-detail-actions">
            <button
              type="button"
              className="btn btn-primary"
              aria-haspopup="dialog"
              disabled={blocked !== null}
              aria-describedby={reason ? reasonId : undefined}
              onClick={() => setStep('assets')}
            >
              Buy Now
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={checking || blocked !== null}
              aria-describedby={reason ? reasonId : undefined}
              onClick={() => void check('offer')}
            >
              Buy With Card
            </button>
            {offerBlocked ? (
              <button
                type="button"
                className="btn btn-ghost"
                disabled
                aria-describedby={offerReasonId}
              >
                Make Offer
              </button>
            ) : (
              <Link className="btn btn-ghost" to="/offer" state={item}>
                Make Offer
              </Link>
            )}
          </div>
          {reason && (
            <p id={reasonId} className="mp-detail-reason">
              {reason}
            </p>
          )}
          {offerBlocked && offerBlocked !== reason && (
            <p id={offerReasonId} className="mp-detail-reason">
              {offerBlocked}
            </p>
          )}
          {mine && (
            <p className="mp-detail-reason mp-detail-reserved-note">
              Reserved for you until {formatDateTime(mine.reservedUntil)}: your accepted offer,{' '}
              {itemPrice(mine.offer)}.
            </p>
          )}
          {watch.state?.watched && (
            <Suspense fallback={null}>
              <AlertPriceForm
                key={id}
                alertPrice={watch.state.alertPrice}
                onSave={watch.setAlert}
              />
            </Suspense>
          )}
        </div>

        <nav className="mp-detail-tabs" aria-label="Item">
          <span className="mp-tab is-active" aria-current="page">
            Overview
          </span>
          <Link className="mp-tab" to="/offer-recieved">
            {offerCountLabel(status.offers)}
          </Link>
        </nav>
        <div className="mp-detail-overview">
          <p>
            {item.description ??
              (kind === 'nfa'
                ? 'A collectible forged in the wars of 2117. Hold it, trade it or take it into battle.'
                : 'A parcel of land in the colonies of 2117. Build on it, hold it or trade it.')}
          </p>
        </div>
      </div>
      {children && <div className="mp-detail-extra">{children}</div>}
      <BuyDialogs
        step={step}
        price={price}
        title={title}
        checking={checking}
        onNext={() => setStep('confirm')}
        onConfirm={() => void check('card').then(() => setStep(null))}
        onClose={() => setStep(null)}
      />
    </article>
  );
}
