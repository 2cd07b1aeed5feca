import { DiscordSignInButton } from './discord-sign-in-button';
import { GoogleSignInButton } from './google-sign-in-button';
import { WalletSignInButton } from './wallet-sign-in-button';

/**
 * The other ways in, on /signup and /signin: a browser wallet, Google, Discord. Nothing of a
 * provider loads before its button is clicked. `googleFailureMessage` is the page's words for a
 * failed Google sign-in ('Google login failed!' or 'Google signup failed!').
 */
export function SignInAlternatives({ googleFailureMessage }: { googleFailureMessage: string }) {
  return (
    <div className="ac-alternatives">
      <p className="ac-divider">
        <span>or continue with</span>
      </p>
      <ul className="ac-alternatives-list">
        <li>
          <WalletSignInButton />
        </li>
        <li>
          <GoogleSignInButton failureMessage={googleFailureMessage} />
        </li>
        <li>
          <DiscordSignInButton />
        </li>
      </ul>
    </div>
  );
}
