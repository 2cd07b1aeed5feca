import { itemSerial, itemTitle, type ItemKind, type WireItem } from '@hypertek/shared';
import '../../../styles/item-detail.css';

import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { ItemImage } from '@hypertek/shared/ui';
import { itemPrice } from '../../../lib/prices';
import { usePurchaseCheck } from '../hooks/use-purchase-check';
import { BuyDialogs, type BuyStep } from './buy-dialogs';
import { NFA_VIEWS_LABEL, OFFER_COUNT_LABEL } from '../../../data/constants';

/** The owner every detail page shows: a fixed placeholder. */
export const PLACEHOLDER_OWNER = 'Hyper Tek Vault';

interface ItemDetailProps {
  item: WireItem;
  kind: ItemKind;
  /** Shown below the item (the land page's price history, the item's sales). */
  children?: ReactNode;
}

/**
 * The item detail: image, title, serial number, price, 'Listed', the placeholder owner
 * and, for NFAs, '505 Views'; tabs Overview and 'Offer 0'; 'Buy Now' (the buy dialogs, then the
 * card payment), 'Buy With Card' (straight to the offer form) and 'Make Offer' (/payment).
 */
export function ItemDetail({ item, kind, children }: ItemDetailProps) {
  const title = itemTitle(item, kind);
  const serial = itemSerial(item);
  const [step, setStep] = useState<BuyStep | null>(null);
  const { check, checking } = usePurchaseCheck(item);

  return (
    <article className="container mp-detail" aria-labelledby="mp-detail-title">
      {/* The image stays in view beside the details, and only there: not over what comes below. */}
      <div className="mp-detail-aside">
        <div className="mp-detail-media">
          <ItemImage image={item.image} alt={title} kind={kind} />
        </div>
      </div>
      <div className="mp-detail-info">
        <p className="eyebrow">{kind === 'nfa' ? 'NFA Collectible' : 'Land Parcel'}</p>
        <h1 id="mp-detail-title">{title}</h1>
        <ul className="mp-detail-meta">
          {serial && <li className="mp-serial">#{serial}</li>}
          <li>
            <span className="mp-listed">Listed</span>
          </li>
          {kind === 'nfa' && <li className="muted">{NFA_VIEWS_LABEL}</li>}
        </ul>
        <div className="mp-owner">
          <span className="mp-owner-avatar" aria-hidden="true">
            HT
          </span>
          <span>
            <span className="muted mp-block">Owner</span>
            <span className="mp-strong">{PLACEHOLDER_OWNER}</span>
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
              onClick={() => setStep('assets')}
            >
              Buy Now
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={checking}
              onClick={() => void check('offer')}
            >
              Buy With Card
            </button>
            <Link className="btn btn-ghost" to="/payment" state={item}>
              Make Offer
            </Link>
          </div>
        </div>

        <nav className="mp-detail-tabs" aria-label="Item">
          <span className="mp-tab is-active" aria-current="page">
            Overview
          </span>
          <Link className="mp-tab" to="/offer-recieved">
            {OFFER_COUNT_LABEL}
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
        price={item.price}
        title={title}
        checking={checking}
        onNext={() => setStep('confirm')}
        onConfirm={() => void check('card').then(() => setStep(null))}
        onClose={() => setStep(null)}
      />
    </article>
  );
}
