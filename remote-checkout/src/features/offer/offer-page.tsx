import '../../styles/checkout.css';

import {
  DEFAULT_OFFER_EXPIRY,
  formatPrice,
  OFFER_EXPIRY_OPTIONS,
  type OfferExpiry,
  usePaymentItem,
} from '@hypertek/shared';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';

import { ItemSummary } from '../../components/item-summary';
import { OFFER_PRICE_ERRORS, readOfferPrice } from './lib/offer-price';

/**
 * /offer: Price, 'Expired In' (default '6 Hours') and 'Your Pay'.
 * The price must be a positive number: otherwise 'Submit Offer' (a link to /success; no offer
 * call exists) stays on the page and says why beside the field. 'Your Pay' is
 * '--- USDC' until the price is valid, then that price in USDC. The item comes from navigation
 * state, else from `paymentItem`.
 */
export default function OfferPage() {
  const item = usePaymentItem();
  const navigate = useNavigate();
  const [price, setPrice] = useState('');
  // A number input gives '' for text it cannot read ('1e', '-'): its validity tells them apart.
  const [badInput, setBadInput] = useState(false);
  const [checked, setChecked] = useState(false);
  const [expiry, setExpiry] = useState<OfferExpiry>(DEFAULT_OFFER_EXPIRY);
  const priceInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const offer = readOfferPrice(price, badInput);
  const valid = typeof offer === 'number';
  const error = checked && !valid ? OFFER_PRICE_ERRORS[offer] : null;

  /** Submit Offer: on to /success with a valid price, else the reason beside the field. */
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (valid) {
      void navigate('/success');
      return;
    }
    setChecked(true);
    priceInput.current?.focus();
  };

  return (
    <div className="container section co-page">
      <header className="co-page-header">
        <p className="eyebrow">Make Offer</p>
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
          <h2 id={`${id}-title`} className="co-panel-title">
            Your offer
          </h2>
          <form className="form" noValidate onSubmit={submit}>
            <div className="field">
              <label htmlFor={`${id}-price`}>Price</label>
              <div className="co-input-unit">
                <input
                  ref={priceInput}
                  id={`${id}-price`}
                  name="price"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  step="any"
                  placeholder="0.00"
                  required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-price-error` : undefined}
                  value={price}
                  onChange={(event) => {
                    setPrice(event.target.value);
                    setBadInput(event.target.validity.badInput);
                  }}
                  onBlur={() => setChecked((was) => was || price !== '' || badInput)}
                />
                <span className="co-input-unit-unit" aria-hidden="true">
                  USDC
                </span>
              </div>
              {error && (
                <span id={`${id}-price-error`} className="form-error" role="alert">
                  {error}
                </span>
              )}
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
              <dd className="price" data-testid="your-pay" aria-live="polite">
                {valid ? formatPrice(offer, 'USDC') : '--- USDC'}
              </dd>
            </dl>
            <Link className="btn btn-primary co-block-button" to="/success" onClick={submit}>
              Submit Offer
            </Link>
          </form>
        </section>
      </div>
    </div>
  );
}
