import '../../styles/checkout.css';

import {
  api,
  DEFAULT_OFFER_EXPIRY,
  errorMessage,
  formatPrice,
  itemId,
  MARKET_MESSAGES,
  MESSAGES,
  notify,
  OFFER_EXPIRY_OPTIONS,
  type OfferExpiry,
  usePaymentItem,
  useSession,
} from '@hypertek/shared';
import { useId, useRef, useState, type SyntheticEvent } from 'react';
import { Link, useNavigate } from 'react-router';

import { ExpiryField } from '@hypertek/shared/ui';
import { ItemSummary } from '../../components/item-summary';
import { readOfferPrice } from './lib/offer-price';

/** Why the offer was not made: the server's words, or that the visitor must sign in first. */
type Problem = { kind: 'signin' } | { kind: 'message'; message: string };

/**
 * /offer: Price, 'Expired In' (default '6 Hours') and 'Your Pay', for the item of navigation
 * state, else `paymentItem`. 'Submit Offer' makes the offer (`POST /market/offers`): the price
 * must pass `validateMarketPrice` (else the reason beside the field), the visitor must be signed
 * in ('Please Login first!' and a link to /signin, nothing sent) and an item known. While it is
 * sent the button waits; made, the answer's message is a toast and the page goes on to /success;
 * refused, the server's message shows beside the form ('You cannot make an offer on your own
 * item'). 'Your Pay' is '--- USDC' until the price is valid, then that price in USDC.
 */
export default function OfferPage() {
  const item = usePaymentItem();
  const navigate = useNavigate();
  const { isLoggedInUser } = useSession();
  const [price, setPrice] = useState('');
  // A number input gives '' for text it cannot read ('1e', '-'): its validity tells them apart.
  const [badInput, setBadInput] = useState(false);
  const [checked, setChecked] = useState(false);
  const [expiry, setExpiry] = useState<OfferExpiry>(DEFAULT_OFFER_EXPIRY);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const priceInput = useRef<HTMLInputElement>(null);
  const id = useId();

  const offer = readOfferPrice(price, badInput);
  const valid = typeof offer === 'number';
  const error = checked && !valid ? offer : null;

  /** Submit Offer: the offer is made with a valid price, else the reason beside the field. */
  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (sending) return;
    if (!valid) {
      setChecked(true);
      priceInput.current?.focus();
      return;
    }
    if (!isLoggedInUser) {
      setProblem({ kind: 'signin' });
      return;
    }
    const productId = item ? itemId(item) : '';
    if (!productId) {
      setProblem({ kind: 'message', message: MARKET_MESSAGES.itemRequired });
      return;
    }
    setSending(true);
    setProblem(null);
    try {
      const answer = await api.market.offer({ itemId: productId, price: offer, expiresIn: expiry });
      if (!answer.success) {
        setProblem({ kind: 'message', message: answer.message || errorMessage(null) });
        return;
      }
      notify.success(answer.message || MARKET_MESSAGES.offerMade);
      void navigate('/success');
    } catch (failure) {
      setProblem({ kind: 'message', message: errorMessage(failure) });
    } finally {
      setSending(false);
    }
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
          <form className="form" noValidate onSubmit={(event) => void submit(event)}>
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
            <ExpiryField
              id={`${id}-expiry`}
              name="expiry"
              value={expiry}
              options={OFFER_EXPIRY_OPTIONS}
              onChange={setExpiry}
            />
            <dl className="co-total">
              <dt>Your Pay</dt>
              <dd className="price" data-testid="your-pay" aria-live="polite">
                {valid ? formatPrice(offer, 'USDC') : '--- USDC'}
              </dd>
            </dl>
            {problem && (
              <p className="form-error co-form-error" role="alert">
                {problem.kind === 'signin' ? (
                  <>
                    {MESSAGES.loginFirst} <Link to="/signin">Sign in</Link> to make an offer.
                  </>
                ) : (
                  problem.message
                )}
              </p>
            )}
            <button
              type="submit"
              className="btn btn-primary co-block-button"
              disabled={sending}
              aria-busy={sending}
            >
              Submit Offer
            </button>
          </form>
        </section>
      </div>
    </div>
  );
}
