/**
 * The browser wallet as EIP-1193 defines it (`window.ethereum`: MetaMask, Rabby, Coinbase Wallet,
 * Brave …): plain JSON-RPC requests, so the page needs no wallet library.
 */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

/** The error an EIP-1193 wallet rejects with: `code` 4001 means the visitor said no. */
export interface WalletRpcError {
  code?: number;
  message?: string;
}

/** The code EIP-1193 gives a request the visitor rejected. */
export const USER_REJECTED = 4001;

/** The wallet the browser injected, or null when there is none. */
export function injectedWallet(): Eip1193Provider | null {
  const candidate = (window as { ethereum?: Partial<Eip1193Provider> }).ethereum;
  return typeof candidate?.request === 'function' ? (candidate as Eip1193Provider) : null;
}

/** `0x` + the UTF-8 bytes of `text` in hex: how `personal_sign` takes a text message. */
export function utf8ToHex(text: string): string {
  return `0x${Array.from(new TextEncoder().encode(text), (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

/** The wallet's error code, when the failure came from the wallet. */
export const walletErrorCode = (error: unknown): number | undefined =>
  typeof error === 'object' && error !== null && typeof (error as WalletRpcError).code === 'number'
    ? (error as WalletRpcError).code
    : undefined;
