import { useWalletSignIn } from '../hooks/use-wallet-sign-in';
import { AlternativeButton } from './alternative-button';
import { WalletIcon } from './provider-icons';

/** 'Continue with MetaMask': any browser wallet (EIP-1193) signs the server's sign-in message. */
export function WalletSignInButton() {
  const { start, waiting } = useWalletSignIn();
  return (
    <AlternativeButton
      icon={<WalletIcon />}
      label={waiting ? 'Waiting for your wallet…' : 'Continue with MetaMask'}
      busy={waiting}
      onClick={() => void start()}
    />
  );
}
