import { usePaymentItem, type WireItem } from '@hypertek/shared';
import '../../styles/checkout.css';

import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { MissingItem } from '../../components/missing-item';
import { OrderSplit } from '../../components/order-split';

/** The inside of one payment option: icon, name, one line of detail, and a hint of the action. */
function MethodContent(props: { icon: string; name: string; detail: string; go: ReactNode }) {
  return (
    <>
      <span className="co-method-icon" aria-hidden="true">
        {props.icon}
      </span>
      <span className="co-method-text">
        <strong>{props.name}</strong>
        <span className="muted">{props.detail}</span>
      </span>
      <span className="co-method-go" aria-hidden="true">
        {props.go}
      </span>
    </>
  );
}

/** A payment option that goes to another checkout page, taking the item along. */
function MethodLink(props: {
  to: string;
  item: WireItem;
  icon: string;
  name: string;
  detail: string;
}) {
  return (
    <li>
      <Link className="co-method" to={props.to} state={props.item}>
        <MethodContent icon={props.icon} name={props.name} detail={props.detail} go="→" />
      </Link>
    </li>
  );
}

/**
 * /payment (the failure page's 'Go Home' leads here; the item page's 'Make Offer' now goes
 * straight to /offer): choose how to pay. Card goes to /stripe-payment
 * with the item; the wallet path is static (the wallet screens do nothing); an offer goes
 * to /offer.
 */
export default function PaymentPage() {
  const item = usePaymentItem();
  const [walletNote, setWalletNote] = useState(false);

  return (
    <div className="container section co-page">
      <header className="co-page-header">
        <p className="eyebrow">Checkout</p>
        <h1>Choose how to pay</h1>
        <p className="lead">Pay by card now, connect a wallet, or name your own price.</p>
      </header>
      {item ? (
        <OrderSplit item={item}>
          <section aria-labelledby="co-methods-heading">
            <h2 id="co-methods-heading" className="visually-hidden">
              Payment methods
            </h2>
            <ul className="co-methods" role="list">
              <MethodLink
                to="/stripe-payment"
                item={item}
                icon="▭"
                name="Pay by card"
                detail="Visa, Mastercard, Amex — charged in USD."
              />
              <li>
                <button
                  type="button"
                  className="co-method"
                  aria-expanded={walletNote}
                  aria-controls="co-wallet-note"
                  onClick={() => setWalletNote((open) => !open)}
                >
                  <MethodContent
                    icon="◈"
                    name="Pay with a crypto wallet"
                    detail="USDC from a browser wallet."
                    go={walletNote ? '−' : '+'}
                  />
                </button>
                <p id="co-wallet-note" className="co-method-note" hidden={!walletNote}>
                  Wallet checkout is not open yet: this option is a preview and charges nothing.
                  Hyper Tek will never ask for your seed phrase or private key.
                </p>
              </li>
              <MethodLink
                to="/offer"
                item={item}
                icon="⇄"
                name="Make an offer"
                detail="Propose a price and how long it stands."
              />
            </ul>
          </section>
        </OrderSplit>
      ) : (
        <MissingItem />
      )}
    </div>
  );
}
