import '../../styles/dialogs.css';

import { Link } from 'react-router';

import { DialogButtons, Modal } from '@hypertek/shared/ui';
import { SMALL_SCREEN_QUERY, useMediaQuery } from '../../hooks/use-media-query';
import { usdt } from '../../lib/prices';
import type { SellStep } from './use-sell-flow';
import { SAMPLE_SELL_ITEM } from '../../data/constants';

/** Where small screens go instead of the wallet dialogs. */
export const WALLET_CONNECT_PATH = '/wallet-connect';

function SampleItemArt() {
  return (
    <svg className="mp-sell-art" viewBox="0 0 80 80" aria-hidden="true">
      <rect width="80" height="80" rx="10" fill="#151a36" />
      <circle cx="40" cy="38" r="20" fill="none" stroke="#00e5ff" strokeWidth="3" />
      <circle cx="33" cy="35" r="3" fill="#ff2bd6" />
      <circle cx="47" cy="35" r="3" fill="#ff2bd6" />
      <path d="M32 46 Q40 52 48 46" fill="none" stroke="#00e5ff" strokeWidth="3" />
      <circle cx="18" cy="34" r="6" fill="none" stroke="#7a5cff" strokeWidth="3" />
      <circle cx="62" cy="34" r="6" fill="none" stroke="#7a5cff" strokeWidth="3" />
    </svg>
  );
}

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
  step: SellStep | null;
  onMove: (next: SellStep) => void;
  onClose: () => void;
}

/**
 * The sell flow's dialogs: 'Select item to sell' with the hard-coded sample item, then
 * 'Connect Wallet' offering a browser wallet, then a second 'Connect Wallet' with Connect and
 * Cancel. The wallet screens are static: Connect only closes. On small screens 'Sell Now' and the
 * wallet option are links to /wallet-connect.
 */
export function SellDialogs({ step, onMove, onClose }: SellDialogsProps) {
  const small = useMediaQuery(SMALL_SCREEN_QUERY);
  const cancel = (
    <button type="button" className="btn btn-ghost" onClick={onClose}>
      Cancel
    </button>
  );

  if (step === 'select') {
    return (
      <Modal
        title="Select item to sell"
        onClose={onClose}
        actions={
          small ? (
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
              onConfirm={() => onMove('wallet')}
            />
          )
        }
      >
        <div className="mp-sell-item">
          <SampleItemArt />
          <div>
            <p className="mp-strong">{SAMPLE_SELL_ITEM.title}</p>
            <p className="price">{usdt(SAMPLE_SELL_ITEM.price)}</p>
          </div>
        </div>
        <dl className="mp-fees">
          <div>
            <dt>Price</dt>
            <dd>{usdt(SAMPLE_SELL_ITEM.price)}</dd>
          </div>
          <div>
            <dt>Platform Fee</dt>
            <dd>{usdt(SAMPLE_SELL_ITEM.fee)}</dd>
          </div>
          <div className="mp-fees-total">
            <dt>Total Fee</dt>
            <dd>${SAMPLE_SELL_ITEM.total}</dd>
          </div>
        </dl>
        <p className="mp-terms muted">
          By selling you agree to the Hyper Tek <Link to="/terms">Terms and Conditions</Link> and
          confirm that you own this item and may transfer it.
        </p>
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
    return (
      <Modal
        title="Connect Wallet"
        onClose={onClose}
        actions={
          <DialogButtons
            dismiss="Cancel"
            onDismiss={onClose}
            confirm="Connect"
            onConfirm={onClose}
          />
        }
      >
        <div className="mp-connect">
          <WalletIcon />
          <p>Connect your browser wallet to sell {SAMPLE_SELL_ITEM.title}.</p>
        </div>
        <p className="mp-terms muted">Hyper Tek never asks for your seed phrase or private key.</p>
      </Modal>
    );
  }

  return null;
}
