import { useId, type ReactNode } from 'react';

import { WalletMark } from '../../../components/wallet-option';
import '../../../styles/wallet.css';

/**
 * The frame of the static wallet screens: a narrow panel like the
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
          <p className="eyebrow">{kicker}</p>
          <h1 id={titleId}>{title}</h1>
        </div>
        {children}
      </section>
    </div>
  );
}

/** What the product promises about secrets. */
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
