import {
  DEFAULT_LISTING_EXPIRY,
  formatPrice,
  itemId,
  LISTING_EXPIRY_OPTIONS,
  notify,
  PLATFORM_FEE,
  totalWithFee,
  validateMarketPrice,
  type CatalogueItem,
  type OfferExpiry,
} from '@hypertek/shared';
import { listingNeedsWallet } from '@hypertek/shared/market';
import { ExpiryField, Modal } from '@hypertek/shared/ui';
import { useId, useRef, useState, type ReactNode } from 'react';

import { WalletOption } from '../../../components/wallet-option';
import { changeListingPrice, createListing, listingFailure } from '../lib/listing-actions';
import { refreshMarketReads } from '../lib/market-reads';

type Step = 'assets' | 'confirm' | 'wallet' | 'connect';

const usdt = (amount: number) => formatPrice(amount, 'USDT');
/** The fee as the product writes it ('$0.5 USDT', not '$0.50 USDT'). */
const PLATFORM_FEE_TEXT = `$${PLATFORM_FEE} USDT`;
/** What an amount line shows while the typed price is not a price. */
const NO_AMOUNT = '—';

/** A label and its amount, as the buy dialogs list them. */
function Line({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  return (
    <p className={strong ? 'ac-modal-total' : 'ac-modal-line'}>
      <span>{label}</span>
      {strong ? <strong className="price">{amount}</strong> : <span>{amount}</span>}
    </p>
  );
}

type Action = readonly [label: string, onClick: () => void];

/**
 * One dialog of the chain: a ghost 'back' action and, when there is one, a primary 'next' (disabled
 * with `busyLabel` while the listing is on its way), and the failure of the last attempt.
 */
function ChainStep({
  title,
  step,
  onClose,
  back,
  next,
  busy,
  busyLabel,
  error,
  children,
}: {
  title: string;
  step: Step;
  onClose: () => void;
  back: Action;
  next?: Action;
  busy: boolean;
  busyLabel?: string;
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      onClose={onClose}
      focusKey={step}
      busy={busy}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={back[1]}>
            {back[0]}
          </button>
          {next && (
            <button
              type="button"
              className="btn btn-primary"
              onClick={next[1]}
              disabled={busy}
              aria-busy={busy}
            >
              {busy && busyLabel ? busyLabel : next[0]}
            </button>
          )}
        </>
      }
    >
      {children}
      <p className="form-error ac-form-error" role="alert">
        {error ?? ''}
      </p>
    </Modal>
  );
}

/**
 * The profile's 'List Now' chain, which lists the item for sale (or, when it is listed already,
 * changes its price):
 *
 * 1. 'Buy Assets' (the product's title): Price (the item's price to start with, checked with the
 *    market's price rule), 'Expired In' (new listings only), List price, Platform Fee, Total Fee.
 * 2. The confirmation: 'List Price' = price + fee, Close and Confirm.
 * 3. A wallet account whose browser has its wallet: 'Connect Wallet' (the browser wallet), then
 *    Connect/Cancel; Connect has the wallet sign the listing, then lists it. Any other account has
 *    no wallet to sign with, so Confirm lists at once; a new price needs no signature either.
 *
 * Close and Cancel step back; × and Escape close the chain. Success toasts, closes the chain and
 * reads the cards and the Listing tab again; a failure is said in the dialog (and toasted).
 */
export function BuyAssetsChain({
  item,
  userId,
  walletAddress,
  onClose,
}: {
  item: CatalogueItem;
  userId: string;
  walletAddress: string | null | undefined;
  onClose: () => void;
}) {
  const ids = { price: useId(), priceError: useId(), expiry: useId() };
  const priceInput = useRef<HTMLInputElement>(null);
  const listed = item.listed === true;
  const [step, setStep] = useState<Step>('assets');
  const [priceText, setPriceText] = useState(() => String(item.price));
  const [expiresIn, setExpiresIn] = useState<OfferExpiry>(DEFAULT_LISTING_EXPIRY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const checked = validateMarketPrice(priceText);
  const price = typeof checked === 'number' ? checked : null;
  const priceError = typeof checked === 'string' ? checked : null;

  const go = (next: Step) => {
    setError(null);
    setStep(next);
  };

  /** Sends the listing (or the new price); `signed` has the account's wallet sign it first. */
  const submit = async (signed: boolean) => {
    if (busy || price === null) return;
    setBusy(true);
    setError(null);
    try {
      const done = listed
        ? await changeListingPrice(userId, itemId(item), price)
        : await createListing(
            { itemId: itemId(item), price, expiresIn },
            signed ? walletAddress : undefined,
          );
      notify.success(done);
      onClose();
    } catch (failure) {
      const message = listingFailure(failure);
      setError(message);
      notify.error(message);
      setBusy(false);
      return;
    }
    void refreshMarketReads(userId);
  };

  const confirm = () => {
    // Checked when Confirm is pressed: the wallet may have been injected after the page loaded.
    if (!listed && listingNeedsWallet(walletAddress)) go('wallet');
    else void submit(false);
  };

  const frame = { step, onClose, busy, error };
  switch (step) {
    case 'assets':
      return (
        <ChainStep
          {...frame}
          title="Buy Assets"
          back={['Cancel', onClose]}
          next={[
            listed ? 'Change Price' : 'List Now',
            () => {
              if (price !== null) go('confirm');
              else priceInput.current?.focus();
            },
          ]}
        >
          <p className="muted">
            {item.title}
            {listed && ' is listed: give it a new price.'}
          </p>
          <div className="field">
            <label htmlFor={ids.price}>Price</label>
            <input
              ref={priceInput}
              id={ids.price}
              name="price"
              inputMode="decimal"
              autoComplete="off"
              data-autofocus
              value={priceText}
              aria-invalid={priceError ? true : undefined}
              aria-describedby={priceError ? ids.priceError : undefined}
              onChange={(event) => setPriceText(event.target.value)}
            />
            {priceError && (
              <span id={ids.priceError} className="form-error" role="alert">
                {priceError}
              </span>
            )}
          </div>
          {!listed && (
            <ExpiryField
              id={ids.expiry}
              name="expiresIn"
              value={expiresIn}
              options={LISTING_EXPIRY_OPTIONS}
              onChange={setExpiresIn}
            />
          )}
          <Line label="List price" amount={price === null ? NO_AMOUNT : usdt(price)} />
          <Line label="Platform Fee" amount={PLATFORM_FEE_TEXT} />
          <Line
            label="Total Fee"
            amount={price === null ? NO_AMOUNT : usdt(totalWithFee(price))}
            strong
          />
        </ChainStep>
      );
    case 'confirm':
      return (
        <ChainStep
          {...frame}
          title={listed ? 'Confirm new price' : 'Confirm listing'}
          back={['Close', () => go('assets')]}
          next={['Confirm', confirm]}
          busyLabel={listed ? 'Saving…' : 'Listing…'}
        >
          <p className="muted">
            {item.title}
            {!listed && `, listed for ${expiresIn}`}
          </p>
          <Line label="List Price" amount={usdt(totalWithFee(price ?? 0))} strong />
        </ChainStep>
      );
    case 'wallet':
      return (
        <ChainStep {...frame} title="Connect Wallet" back={['Cancel', () => go('confirm')]}>
          <p className="muted">Choose the wallet to sign your listing with.</p>
          <WalletOption onChoose={() => go('connect')} />
        </ChainStep>
      );
    case 'connect':
      return (
        <ChainStep
          {...frame}
          title="Connect Wallet"
          back={['Cancel', () => go('wallet')]}
          next={['Connect', () => void submit(true)]}
          busyLabel="Waiting for the wallet…"
        >
          <p className="muted">
            Your wallet asks you to sign the listing of {item.title}. Signing costs nothing; it
            proves the listing is yours.
          </p>
        </ChainStep>
      );
  }
}
