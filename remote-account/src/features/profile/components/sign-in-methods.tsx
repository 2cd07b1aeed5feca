import type { User } from '@hypertek/shared';
import { useId } from 'react';

import '../../../styles/sign-in-methods.css';
import { shortWalletAddress } from '../lib/display-name';

/** The ways in an account has, in the order the sign-in page offers them. */
function methodsOf(user: User): { key: string; label: string; title?: string }[] {
  const methods: { key: string; label: string; title?: string }[] = [];
  if (user.Password) methods.push({ key: 'password', label: 'Email & password' });
  if (user.WalletAddress)
    methods.push({
      key: 'wallet',
      label: `Wallet ${shortWalletAddress(user.WalletAddress)}`,
      title: user.WalletAddress,
    });
  if (user.GoogleId) methods.push({ key: 'google', label: 'Google' });
  if (user.DiscordId) methods.push({ key: 'discord', label: 'Discord' });
  return methods;
}

/**
 * Which sign-ins the account has (e-mail and password, a wallet, Google, Discord), from the user
 * the API returned at sign-in. Nothing shows for a user without any (an old saved session).
 */
export function SignInMethods({ user }: { user: User }) {
  const labelId = useId();
  const methods = methodsOf(user);
  if (methods.length === 0) return null;
  return (
    <div className="ac-signin-methods">
      <span className="muted" id={labelId}>
        Signs in with
      </span>
      <ul aria-labelledby={labelId}>
        {methods.map(({ key, label, title }) => (
          <li key={key} title={title}>
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}
