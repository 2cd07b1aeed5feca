import '../../styles/checkout.css';

import { DEFAULT_OFFER_EXPIRY, OFFER_EXPIRY_OPTIONS, type OfferExpiry } from '@hypertek/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';

import { ItemSummary } from '../../components/item-summary';
import { usePaymentItem } from '../../lib/payment-item';

/**
 * /offer (SPEC §2, §4 "Offer expiry"): Price, 'Expired In' (default '6 Hours') and 'Your Pay'
 * ('--- USDC': the spec shows no computed amount). 'Submit Offer' is a link to /success; no offer
 * call exists in SPEC §7. The item comes from navigation state, else from `paymentItem`.
 */
export default function OfferPage() {
  const item = usePaymentItem();
  const [price, setPrice] = useState('');
  const [expiry, setExpiry] = useState<OfferExpiry>(DEFAULT_OFFER_EXPIRY);
  const id = useId();

  return (
    <div className="container section co-page">
      <header className="co-page__header">
        <p className="co-eyebrow">Make Offer</p>
        <h1>Make an offer</h1>
        <p className="lead">Name your price and how long the seller has to accept it.</p>
      </header>
      <div className="co-split">
        <section className="card co-panel" aria-label="Item">
          {item ? (
            <ItemSummary item={item} />
          ) : (
            <p className="muted" role="status">
              No item selected. <Link to="/market-place">Browse the MarketPlace</Link>
            </p>
          )}
        </section>
        <section className="card co-panel" aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`} className="co-panel__title">
            Your offer
          </h2>
          <form className="form" onSubmit={(event) => event.preventDefault()}>
            <div className="field">
              <label htmlFor={`${id}-price`}>Price</label>
              <div className="co-input-unit">
                <input
                  id={`${id}-price`}
                  name="price"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  placeholder="0.00"
                  value={price}
                  onChange={(event) => setPrice(event.target.value)}
                />
                <span className="co-input-unit__unit" aria-hidden="true">
                  USDC
                </span>
              </div>
            </div>
            <div className="field">
              <label htmlFor={`${id}-expiry`}>Expired In</label>
              <select
                id={`${id}-expiry`}
                name="expiry"
                value={expiry}
                onChange={(event) => setExpiry(event.target.value as OfferExpiry)}
              >
                {OFFER_EXPIRY_OPTIONS.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
            <dl className="co-total">
              <dt>Your Pay</dt>
              <dd className="price" data-testid="your-pay">
                --- USDC
              </dd>
            </dl>
            <Link className="btn btn-primary co-block-button" to="/success">
              Submit Offer
            </Link>
          </form>
        </section>
      </div>
    </div>
  );
}
