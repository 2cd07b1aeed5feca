import { api, errorMessage, MESSAGES, notify, session, type AuthResponse } from '@hypertek/shared';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import {
  injectedWallet,
  USER_REJECTED,
  utf8ToHex,
  walletErrorCode,
  type Eip1193Provider,
} from '@hypertek/shared/market';
import { WALLET_HELP } from '../lib/sign-in-texts';
import {
  WALLET_HELP_TOAST_MS,
  WALLET_PROMPT_DELAY_MS,
  WALLET_PROMPT_DURATION_MS,
  WALLET_SIGNATURE_TIMEOUT_MS,
} from '../../../data/constants';

/** The wallet left a prompt unanswered for WALLET_SIGNATURE_TIMEOUT_MS. */
class WalletTimeout extends Error {}

/**
 * A wallet request the visitor has to answer, given up after WALLET_SIGNATURE_TIMEOUT_MS. Its
 * window is easy to lose behind the page, so the visitor then gets the steps to find it. (The
 * connection prompt gets the same limit as the signature's: a lost prompt would otherwise keep
 * the button waiting for good.)
 */
function answerOf(wallet: Eip1193Provider, method: string, params?: unknown[]): Promise<unknown> {
  const request = wallet.request(params ? { method, params } : { method });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new WalletTimeout()), WALLET_SIGNATURE_TIMEOUT_MS);
  });
  return Promise.race([request, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Sign-In with Ethereum: the server writes the message (EIP-4361, with a single-use nonce bound to
 * this site), the wallet signs it with its first account, the server checks the signature.
 */
async function signInWith(wallet: Eip1193Provider): Promise<AuthResponse> {
  // Forget the site's previous permission, so the wallet asks which account to use; wallets
  // without this method (or a visitor without a permission) refuse it, which changes nothing.
  await Promise.resolve()
    .then(() =>
      wallet.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
    )
    .catch(() => undefined);
  const accounts = await answerOf(wallet, 'eth_requestAccounts');
  const address: unknown = Array.isArray(accounts) ? accounts[0] : undefined;
  if (typeof address !== 'string' || address === '')
    throw new Error('the wallet shared no account');

  const { message } = await api.metamaskNonce(address);
  // personal_sign takes the text as hex-encoded UTF-8 (what every EIP-1193 wallet accepts); the
  // wallet shows it decoded, and the signature covers the same bytes as the text.
  const signature = await answerOf(wallet, 'personal_sign', [utf8ToHex(message), address]);
  if (typeof signature !== 'string' || signature === '')
    throw new Error('the wallet returned no signature');
  return api.metamask({ address: address.toLowerCase(), signature, message });
}

/** Tells the visitor why the wallet sign-in stopped. */
function reportFailure(error: unknown): void {
  if (error instanceof WalletTimeout) {
    notify.warning(WALLET_HELP, { autoClose: WALLET_HELP_TOAST_MS });
  } else if (walletErrorCode(error) === USER_REJECTED) {
    notify.error(MESSAGES.signatureCancelled);
  } else {
    const fromServer = (error as { isAxiosError?: boolean } | null)?.isAxiosError === true;
    const reason = fromServer
      ? errorMessage(error) // the server's message, else 'Something went wrong'
      : (error as { message?: unknown } | null)?.message;
    notify.error(
      MESSAGES.loginFailedPrefix +
        (typeof reason === 'string' && reason ? reason : MESSAGES.somethingWentWrong),
    );
  }
}

/**
 * Browser-wallet sign-in: revoke the previous permission, request accounts, sign the server's
 * message with the first account. 'Check for MetaMask popup!' shows after 1 s for 10 s; success
 * signs in, toasts and goes to /profile. `waiting` is true while the wallet or the server works.
 */
export function useWalletSignIn() {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(false);
  const running = useRef(false);

  const start = useCallback(async () => {
    if (running.current) return;
    const wallet = injectedWallet();
    if (!wallet) {
      notify.error(MESSAGES.metamaskMissing);
      return;
    }
    running.current = true;
    setWaiting(true);
    const prompt = setTimeout(
      () => notify.info(MESSAGES.metamaskPopup, { autoClose: WALLET_PROMPT_DURATION_MS }),
      WALLET_PROMPT_DELAY_MS,
    );
    try {
      const { user, token } = await signInWith(wallet);
      session.signIn(user, token);
      notify.success(MESSAGES.metamaskSuccess);
      void navigate('/profile');
    } catch (error) {
      reportFailure(error);
    } finally {
      clearTimeout(prompt);
      running.current = false;
      setWaiting(false);
    }
  }, [navigate]);

  return { start, waiting };
}
