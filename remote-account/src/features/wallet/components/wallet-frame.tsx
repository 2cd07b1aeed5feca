import { useId, type ReactNode } from 'react';

import '../../../styles/wallet.css';

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
 * The frame of the static wallet screens (SPEC §2 "static, do nothing"): a narrow panel like the
 * wallet's own window, with its mark and a title.
 */
export function WalletFrame({
  title,
  children,
  kicker = 'Browser wallet',
}: {
  title: string;
  children: ReactNode;
  kicker?: string;
}) {
  const titleId = useId();
  return (
    <div className="container ac-wallet-page">
      <section className="card ac-wallet" aria-labelledby={titleId}>
        <div className="ac-wallet-head">
          <WalletMark />
          <p className="ac-kicker">{kicker}</p>
          <h1 id={titleId}>{title}</h1>
        </div>
        {children}
      </section>
    </div>
  );
}

/** What the product promises about secrets (SPEC §2). */
export function SeedPhraseNotice() {
  return (
    <p className="ac-notice">
      <strong>Stay safe:</strong> Hyper Tek will never ask for your seed phrase or private key.
      Anyone who asks for them is not us.
    </p>
  );
}

/** 'What is a crypto wallet?' help, as a disclosure. */
export function WalletHelp() {
  return (
    <details className="ac-help">
      <summary>What is a crypto wallet?</summary>
      <p>
        A crypto wallet keeps the keys to your digital assets, such as NFAs and land parcels, and
        signs on your behalf when you buy, sell or sign in. A browser wallet lives in a browser
        extension or a mobile app: your keys never leave your device.
      </p>
    </details>
  );
}
