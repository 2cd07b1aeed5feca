/**
 * A browser wallet for the journeys: an EIP-1193 provider injected as `window.ethereum`, backed
 * by a real private key held by the test process (viem). The page asks it for accounts and
 * signatures exactly as it asks MetaMask; the key never enters the page.
 */
import type { BrowserContext } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

export interface TestWallet {
  address: string;
  /** The methods the page called, in order (e.g. `eth_requestAccounts`). */
  calls: string[];
}

/** Installs the wallet in every page of `context`; `privateKey` defaults to a new random key. */
export async function installWallet(
  context: BrowserContext,
  privateKey: `0x${string}` = generatePrivateKey(),
): Promise<TestWallet> {
  const account = privateKeyToAccount(privateKey);
  const wallet: TestWallet = { address: account.address, calls: [] };
  await context.exposeFunction('__e2eWalletRequest', async (method: string, params: unknown[]) => {
    wallet.calls.push(method);
    switch (method) {
      case 'wallet_revokePermissions':
        return null;
      case 'eth_requestAccounts':
      case 'eth_accounts':
        return [account.address];
      case 'eth_chainId':
        return '0x1';
      case 'personal_sign': {
        const [message, from] = params as [string, string];
        if (from.toLowerCase() !== account.address.toLowerCase()) {
          throw new Error(`personal_sign asked for ${from}, the wallet holds ${account.address}`);
        }
        // MetaMask accepts the message as text or as hex-encoded bytes.
        const isHex = /^0x[0-9a-f]*$/i.test(message);
        return account.signMessage({
          message: isHex ? { raw: message as `0x${string}` } : message,
        });
      }
      default:
        throw new Error(`the test wallet does not support ${method}`);
    }
  });
  await context.addInitScript(() => {
    const call = (window as unknown as Record<string, unknown>).__e2eWalletRequest as (
      method: string,
      params: unknown[],
    ) => Promise<unknown>;
    Object.assign(window, {
      ethereum: {
        isMetaMask: true,
        request: ({ method, params = [] }: { method: string; params?: unknown[] }) =>
          call(method, params),
        on: () => undefined,
        removeListener: () => undefined,
      },
    });
  });
  return wallet;
}
