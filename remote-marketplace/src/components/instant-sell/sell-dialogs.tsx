import '../../styles/dialogs.css';

import {
  itemTitle,
  MESSAGES,
  useSession,
  type CreateListingRequest,
  type ItemKind,
} from '@hypertek/shared';
import { listingNeedsWallet } from '@hypertek/shared/market';
import { useRef } from 'react';
import { Link } from 'react-router';

import { DialogButtons, Modal } from '@hypertek/shared/ui';
import { Loading } from '../loading';
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../../hooks/use-media-query';
import { NothingToSell, SellForm, useSellDraft } from './sell-form';
import { useOwnItems } from './use-own-items';
import { useSellListing } from './use-sell-listing';
import type { SellStep } from './use-sell-flow';

/** Where small screens go instead of the wallet dialogs. */
export const WALLET_CONNECT_PATH = '/wallet-connect';

/** Said when the seller's items cannot be read. */
export const OWN_ITEMS_FAILED = 'Your items could not be loaded right now.';

function WalletIcon() {
  return (
    <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
      <path
        d="M4 9h22a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z"
        fill="none"
        stroke="#ffc145"
        strokeWidth="2"
      />
      <path d="M4 9l16-5 2 5" fill="none" stroke="#ffc145" strokeWidth="2" strokeLinejoin="round" />
      <circle cx="22" cy="18" r="2" fill="#ffc145" />
    </svg>
  );
}

interface SellDialogsProps {
  kind: ItemKind;
  step: SellStep | null;
  onMove: (next: SellStep) => void;
  onClose: () => void;
}

/**
 * The sell flow's dialogs. 'Select item to sell' offers the signed-in seller's own items of
 * `kind` (items already listed are shown, not chosen: their price changes on the Listing tab),
 * a Price (the item's at first) and 'Expired In', with the fees and the terms; signed out it asks
 * to sign in, and a seller with nothing to sell is told so. Its 'Sell Now' lists the item at
 * once, unless the account is a wallet account whose browser has its wallet: then 'Connect
 * Wallet' (the browser wallet) and a second 'Connect Wallet', whose Connect has the wallet sign
 * the listing. Each step opens 100 ms after the previous one closes. On small screens 'Sell Now'
 * and the wallet option are links to /wallet-connect.
 */
export function SellDialogs({ kind, step, onMove, onClose }: SellDialogsProps) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const { user, isLoggedInUser } = useSession();
  const userId = isLoggedInUser ? (user?._id ?? user?.id ?? null) : null;
  const walletAddress = user?.WalletAddress ?? null;
  const own = useOwnItems(userId, kind, step !== null);
  const items = own.status === 'ready' ? own.items : [];
  const sell = useSellDraft(items);
  const listing = useSellListing(userId, onClose);
  // The listing the wallet steps sign: fixed when the seller leaves the first dialog.
  const pending = useRef<CreateListingRequest | null>(null);

  /** 'Sell Now': the listing at once, or the wallet steps for a wallet account. */
  const sellNow = () => {
    const { request } = sell;
    if (!request || listing.busy) {
      sell.reveal();
      return;
    }
    if (listingNeedsWallet(walletAddress)) {
      pending.current = request;
      listing.clearError();
      onMove('wallet');
      return;
    }
    void listing.list(request);
  };

  const cancel = (
    <button type="button" className="btn btn-ghost" onClick={onClose}>
      Cancel
    </button>
  );

  if (step === 'select') {
    // Something to sell: an item of the kind that is not listed yet.
    const ready = userId !== null && sell.chosen !== null;
    return (
      <Modal
        title="Select item to sell"
        onClose={onClose}
        // Focus moves in again when the seller's items arrive (onto 'Sell Now').
        focusKey={`select-${userId === null ? 'signed-out' : own.status}`}
        busy={listing.busy}
        actions={
          !ready ? (
            cancel
          ) : small ? (
            <>
              {cancel}
              <Link className="btn btn-primary" to={WALLET_CONNECT_PATH} data-autofocus>
                Sell Now
              </Link>
            </>
          ) : (
            <DialogButtons
              dismiss="Cancel"
              onDismiss={onClose}
              confirm="Sell Now"
              onConfirm={sellNow}
              busy={listing.busy}
              busyLabel="Listing…"
            />
          )
        }
      >
        {userId === null ? (
          <div className="mp-sell-notice">
            <p>{MESSAGES.loginFirst}</p>
            <p className="muted">Sign in to sell an item from your collection.</p>
            <Link className="btn btn-primary" to="/signin" data-autofocus>
              Sign in
            </Link>
          </div>
        ) : own.status === 'loading' ? (
          <Loading label="Loading your items" />
        ) : own.status === 'error' ? (
          <div className="mp-sell-notice">
            <p role="alert">{OWN_ITEMS_FAILED}</p>
            <button type="button" className="btn btn-ghost" onClick={own.retry}>
              Try again
            </button>
          </div>
        ) : items.length === 0 ? (
          <NothingToSell kind={kind} />
        ) : (
          <SellForm
            items={items}
            kind={kind}
            sell={sell}
            onSubmit={small ? () => undefined : sellNow}
            error={listing.error}
          />
        )}
      </Modal>
    );
  }

  if (step === 'wallet') {
    const option = (
      <>
        <WalletIcon />
        <span>
          <span className="mp-strong">Browser Wallet</span>
          <span className="muted mp-block">MetaMask or any wallet in your browser</span>
        </span>
      </>
    );
    return (
      <Modal title="Connect Wallet" onClose={onClose} actions={cancel}>
        <p className="muted">Choose a wallet to list your item with.</p>
        {small ? (
          <Link className="mp-wallet-option" to={WALLET_CONNECT_PATH} data-autofocus>
            {option}
          </Link>
        ) : (
          <button
            type="button"
            className="mp-wallet-option"
            data-autofocus
            onClick={() => onMove('connect')}
          >
            {option}
          </button>
        )}
        <p className="mp-terms muted">Hyper Tek never asks for your seed phrase or private key.</p>
      </Modal>
    );
  }

  if (step === 'connect') {
    const chosen = sell.chosen;
    return (
      <Modal
        title="Connect Wallet"
        onClose={onClose}
        busy={listing.busy}
        actions={
          <DialogButtons
            dismiss="Cancel"
            onDismiss={onClose}
            confirm="Connect"
            onConfirm={() => {
              if (pending.current && !listing.busy) {
                void listing.list(pending.current, walletAddress);
              }
            }}
            busy={listing.busy}
            busyLabel="Check your wallet…"
          />
        }
      >
        <div className="mp-connect">
          <WalletIcon />
          <p>
            Connect your browser wallet to sell {chosen ? itemTitle(chosen, kind) : 'your item'}.
          </p>
        </div>
        {listing.error && (
          <p className="form-error" role="alert">
            {listing.error}
          </p>
        )}
        <p className="mp-terms muted">Hyper Tek never asks for your seed phrase or private key.</p>
      </Modal>
    );
  }

  return null;
}
