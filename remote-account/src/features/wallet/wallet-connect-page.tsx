import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { WalletOption } from '../../components/wallet-option';
import { SeedPhraseNotice, WalletFrame, WalletHelp } from './components/wallet-frame';

/** How long the static 'Connecting Wallet' state shows before the unlock screen. */
export const CONNECTING_PREVIEW_MS = 1_500;

type Step = 'choose' | 'connecting' | 'unlock';

function Unlock({ onBack }: { onBack: () => void }) {
  const navigate = useNavigate();
  const passwordId = useId();
  return (
    <WalletFrame title="Welcome back!" kicker="Unlock your wallet">
      <p className="muted ac-wallet-lead">The decentralised web awaits.</p>
      <form
        className="form"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate('/Signin-wallet');
        }}
      >
        <div className="field">
          <label htmlFor={passwordId}>Password</label>
          <input id={passwordId} type="password" autoComplete="current-password" />
        </div>
        <button type="submit" className="btn btn-primary">
          Unblock
        </button>
      </form>
      <p className="ac-wallet-links">
        <Link to="/forgot-password">Forgot password?</Link>
        <button type="button" className="ac-link-btn" onClick={onBack}>
          Choose another wallet
        </button>
      </p>
    </WalletFrame>
  );
}

/**
 * /wallet-connect, the mobile sell path: Connect Wallet with a
 * browser-wallet option, then 'Connecting Wallet', then the wallet's unlock screen. Nothing talks
 * to a wallet: Unblock only moves on to the sign-message screen.
 */
export default function WalletConnectPage() {
  const [step, setStep] = useState<Step>('choose');

  useEffect(() => {
    if (step !== 'connecting') return;
    const timer = setTimeout(() => setStep('unlock'), CONNECTING_PREVIEW_MS);
    return () => clearTimeout(timer);
  }, [step]);

  if (step === 'unlock') return <Unlock onBack={() => setStep('choose')} />;
  if (step === 'connecting') {
    return (
      <WalletFrame title="Connecting Wallet">
        <div className="ac-connecting" role="status">
          <span className="spinner" aria-hidden="true" />
          <p className="muted">Confirm the connection in your wallet…</p>
        </div>
        <button type="button" className="btn btn-ghost ac-wide" onClick={() => setStep('choose')}>
          Cancel
        </button>
      </WalletFrame>
    );
  }
  return (
    <WalletFrame title="Connect Wallet" kicker="Sell from your phone">
      <p className="muted ac-wallet-lead">
        Connect a wallet to list your collectibles and lands on the Hyper Tek market.
      </p>
      <WalletOption onChoose={() => setStep('connecting')} />
      <SeedPhraseNotice />
      <WalletHelp />
    </WalletFrame>
  );
}
