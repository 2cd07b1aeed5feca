import { useNavigate } from 'react-router';

import { SeedPhraseNotice, WalletFrame } from './components/wallet-frame';

/** The sample message a wallet sign-in asks to sign (a login label and a timestamp). */
const SAMPLE_MESSAGE = 'Login to Hyper Tek\nTimestamp: 2117-01-01T00:00:00.000Z';

/**
 * /Signin-wallet: the wallet's sign-in message screen. 'Sign
 * Message' and 'Cancel' sign nothing: they only move between the static screens.
 */
export default function SigninWalletPage() {
  const navigate = useNavigate();
  return (
    <WalletFrame title="Signature request" kicker="Sign in with your wallet">
      <dl className="ac-sign-meta">
        <div>
          <dt>Site</dt>
          <dd>Hyper Tek</dd>
        </div>
        <div>
          <dt>Account</dt>
          <dd className="ac-address">0x7a5c…2bd6</dd>
        </div>
      </dl>
      <p className="muted">You are signing:</p>
      <pre className="ac-message">{SAMPLE_MESSAGE}</pre>
      <p className="muted ac-small">Signing is free: it sends no transaction and costs no gas.</p>
      <SeedPhraseNotice />
      <div className="ac-modal-actions-wide">
        <button type="button" className="btn btn-ghost" onClick={() => void navigate('/signin')}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => void navigate('/wellcome')}
        >
          Sign Message
        </button>
      </div>
    </WalletFrame>
  );
}
