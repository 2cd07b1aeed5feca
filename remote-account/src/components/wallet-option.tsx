import '../styles/base.css';

/** The browser wallet's mark: a folded, faceted fox head (generated; no brand files). */
export function WalletMark({ size = 56 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M8 8l18 13-3-8Z" fill="#e2761b" />
      <path d="M56 8 38 21l3-8Z" fill="#e4761b" />
      <path d="M8 8l4 22-4 8 10 14h28l10-14-4-8 4-22-18 13H26Z" fill="#f6851b" />
      <path d="M18 52l8-6h12l8 6-6 4H24Z" fill="#c0ad9e" />
      <path d="M22 34l6 2-6 4ZM42 34l-6 2 6 4Z" fill="#233447" />
      <path d="M26 21h12l-2 15h-8Z" fill="#e4751f" opacity="0.8" />
    </svg>
  );
}

/**
 * The browser-wallet choice of the Connect Wallet screens. It calls no wallet itself: `onChoose`
 * moves to the next step (static on the wallet screens; on the profile's listing chain, the step
 * whose Connect has the wallet sign the listing).
 */
export function WalletOption({ onChoose }: { onChoose: () => void }) {
  return (
    <ul className="ac-wallet-options">
      <li>
        <button type="button" className="ac-wallet-option" onClick={onChoose}>
          <WalletMark size={36} />
          <span>
            <strong>MetaMask</strong>
            <span className="muted">Browser wallet</span>
          </span>
          <span className="ac-chip">Popular</span>
        </button>
      </li>
    </ul>
  );
}
