import {
  DEFAULT_LISTING_EXPIRY,
  itemId,
  itemSerial,
  itemTitle,
  LISTING_EXPIRY_OPTIONS,
  MARKET_MESSAGES,
  totalWithFee,
  validateMarketPrice,
  type CatalogueItem,
  type CreateListingRequest,
  type ItemKind,
  type OfferExpiry,
} from '@hypertek/shared';
import { useId, useState, type SyntheticEvent } from 'react';
import { Link } from 'react-router';

import { ExpiryField, ItemImage } from '@hypertek/shared/ui';
import { itemPrice } from '../../lib/prices';
import { FeeLines } from '../fee-lines';

/** Where the seller changes the price of an item already listed: the profile's Listing tab. */
export const LISTING_TAB_PATH = '/List';

/** What the seller has chosen so far; `price` null follows the chosen item's price. */
interface SellDraft {
  itemId: string | null;
  price: string | null;
  /** The number field holds text it cannot read ('1e'): its value is then empty. */
  badInput: boolean;
  expiry: OfferExpiry;
  /** Show the price's problem (after a try to sell, or once the field was left with text in it). */
  checked: boolean;
}

const START: SellDraft = {
  itemId: null,
  price: null,
  badInput: false,
  expiry: DEFAULT_LISTING_EXPIRY,
  checked: false,
};

/**
 * The sell dialog's choices over the seller's items: the item (items already listed are shown,
 * not chosen), the price (the item's own price at first, checked by `validateMarketPrice`) and
 * 'Expired In'. `request` is the listing to send, or null while something is missing (`reveal`
 * then shows why).
 */
export function useSellDraft(items: readonly CatalogueItem[]) {
  const [draft, setDraft] = useState<SellDraft>(START);
  const choosable = items.filter((item) => !item.listed);
  const chosen = choosable.find((item) => itemId(item) === draft.itemId) ?? choosable[0] ?? null;
  const priceText = draft.price ?? (chosen ? String(chosen.price) : '');
  const amount = draft.badInput ? MARKET_MESSAGES.priceInvalid : validateMarketPrice(priceText);
  const request: CreateListingRequest | null =
    chosen && typeof amount === 'number'
      ? { itemId: itemId(chosen), price: amount, expiresIn: draft.expiry }
      : null;
  return {
    draft,
    chosen,
    priceText,
    amount,
    request,
    priceError: draft.checked && typeof amount === 'string' ? amount : null,
    choose: (id: string) =>
      setDraft((was) => ({ ...was, itemId: id, price: null, badInput: false })),
    typePrice: (price: string, badInput: boolean) =>
      setDraft((was) => ({ ...was, price, badInput })),
    leavePrice: () =>
      setDraft((was) => ({ ...was, checked: was.checked || priceText !== '' || was.badInput })),
    setExpiry: (expiry: OfferExpiry) => setDraft((was) => ({ ...was, expiry })),
    reveal: () => setDraft((was) => ({ ...was, checked: true })),
  };
}

export type SellDraftState = ReturnType<typeof useSellDraft>;

const KIND_WORDS: Record<ItemKind, { plural: string; browse: string; browseTo: string }> = {
  nfa: { plural: 'NFAs', browse: 'Browse collectibles', browseTo: '/nfa-expand' },
  land: { plural: 'lands', browse: 'Browse lands', browseTo: '/land' },
};

const optionLabel = (item: CatalogueItem, kind: ItemKind): string => {
  const serial = itemSerial(item);
  const name = serial ? `${itemTitle(item, kind)} #${serial}` : itemTitle(item, kind);
  return item.listed ? `${name} (listed at ${itemPrice(item.price)})` : name;
};

/** The seller owns nothing of this kind: say so, and where to find something. */
export function NothingToSell({ kind }: { kind: ItemKind }) {
  const words = KIND_WORDS[kind];
  return (
    <div className="mp-sell-notice">
      <p>You have no {words.plural} to sell yet.</p>
      <Link className="btn btn-ghost" to={words.browseTo}>
        {words.browse}
      </Link>
    </div>
  );
}

/**
 * The body of 'Select item to sell' for a seller with items: the item, its picture, Price and
 * 'Expired In', the fees (Price, 'Platform Fee $0.5 USDT', Total Fee, following the typed price)
 * and the terms. `onSubmit` runs on Enter in the price field.
 */
export function SellForm({
  items,
  kind,
  sell,
  onSubmit,
  error,
}: {
  items: readonly CatalogueItem[];
  kind: ItemKind;
  sell: SellDraftState;
  onSubmit: () => void;
  /** Why the last try to list failed (the server's or the wallet's words). */
  error: string | null;
}) {
  const id = useId();
  const { chosen, amount, priceError } = sell;
  const valid = typeof amount === 'number';
  const listedCount = items.filter((item) => item.listed).length;
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form id={`${id}-form`} className="form mp-sell-form" noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-item`}>Item</label>
        <select
          id={`${id}-item`}
          name="item"
          value={chosen ? itemId(chosen) : ''}
          onChange={(event) => sell.choose(event.target.value)}
        >
          {!chosen && <option value="">Every one is listed</option>}
          {items.map((item) => (
            <option key={itemId(item)} value={itemId(item)} disabled={item.listed === true}>
              {optionLabel(item, kind)}
            </option>
          ))}
        </select>
        {listedCount > 0 && (
          <span className="muted mp-sell-hint">
            {chosen
              ? 'Items already listed'
              : `Every one of your ${KIND_WORDS[kind].plural} is listed`}
            : change their price on your <Link to={LISTING_TAB_PATH}>Listing tab</Link>.
          </span>
        )}
      </div>
      {chosen && (
        <div className="mp-sell-item">
          <div className="mp-sell-art">
            <ItemImage image={chosen.image} alt={itemTitle(chosen, kind)} kind={kind} />
          </div>
          <div>
            <p className="mp-strong">{itemTitle(chosen, kind)}</p>
            <p className="price">{itemPrice(chosen.price)}</p>
          </div>
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-price`}>Price</label>
        <input
          id={`${id}-price`}
          name="price"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          disabled={!chosen}
          aria-invalid={priceError ? true : undefined}
          aria-describedby={priceError ? `${id}-price-error` : undefined}
          value={sell.priceText}
          onChange={(event) => sell.typePrice(event.target.value, event.target.validity.badInput)}
          onBlur={sell.leavePrice}
        />
        {priceError && (
          <span id={`${id}-price-error`} className="form-error" role="alert">
            {priceError}
          </span>
        )}
      </div>
      <ExpiryField
        id={`${id}-expiry`}
        name="expiry"
        value={sell.draft.expiry}
        options={LISTING_EXPIRY_OPTIONS}
        disabled={!chosen}
        onChange={sell.setExpiry}
      />
      <FeeLines
        label="Price"
        amount={valid ? itemPrice(amount) : '--- USDT'}
        total={valid ? itemPrice(totalWithFee(amount)) : '--- USDT'}
      />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <p className="mp-terms muted">
        By selling you agree to the Hyper Tek <Link to="/terms">Terms and Conditions</Link> and
        confirm that you own this item and may transfer it.
      </p>
    </form>
  );
}
