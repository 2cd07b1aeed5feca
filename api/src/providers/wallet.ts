/**
 * Wallet sign-in with EIP-4361 (Sign-In with Ethereum) messages, built and checked offline with
 * viem. The server writes the whole message (the wallet only signs it), binding it to this site's
 * domain, one address, a single-use nonce and a short lifetime; on the way back every field is
 * checked before the signature, and the signature must recover to the address.
 *
 * Only externally owned accounts (a private key, as MetaMask holds) are verified: smart-contract
 * wallets (ERC-1271) would need a call to a chain node, which this API does not make.
 */
import { isAddress, isHex, recoverMessageAddress, type Hex } from 'viem';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { badRequest, SIGNIN_MESSAGES, unauthorized } from '../lib/errors';

/** The login label the wallet shows above the message's fields. */
export const WALLET_STATEMENT = 'Hyper Tek login';
export const WALLET_CHAIN_ID = 1;
/** A message issued a little in the future is clock skew between machines; more is not ours. */
const CLOCK_SKEW_MS = 60_000;

/** The address lower-cased, or null when it is not 0x and 40 hex digits (any case). */
export function normalizeWalletAddress(value: unknown): string | null {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) return null;
  return value.toLowerCase();
}

/** A short name for an account that has only an address: 0x12ab…cd34. */
export const walletLabel = (address: string): string =>
  `${address.slice(0, 6)}…${address.slice(-4)}`;

export interface WalletMessageFields {
  address: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}

export interface CheckedWalletMessage {
  /** Lower-cased. */
  address: string;
  nonce: string;
}

export interface WalletSignIn {
  /** The domain the messages are bound to: the host (and port) of SITE_URL. */
  readonly domain: string;
  readonly ttlSeconds: number;
  /** The EIP-4361 text the wallet signs. */
  buildMessage(fields: WalletMessageFields): string;
  /**
   * Checks a returned message against the address that claims it, in this order: address,
   * readable message, our site, the same address, fresh. Throws the 400/401 that says which.
   */
  checkMessage(address: unknown, message: string, now?: Date): CheckedWalletMessage;
  /** Whether `signature` is the address's signature of `message` (EIP-191 personal_sign). */
  verifySignature(address: string, message: string, signature: string): Promise<boolean>;
}

export function createWalletSignIn(options: { siteUrl: string; ttlSeconds: number }): WalletSignIn {
  const site = new URL(options.siteUrl);
  const domain = site.host;
  const scheme = site.protocol.replace(/:$/, '');
  const ttlMs = options.ttlSeconds * 1000;

  const buildMessage = ({ address, nonce, issuedAt, expiresAt }: WalletMessageFields) =>
    createSiweMessage({
      domain,
      uri: options.siteUrl,
      address: address as Hex,
      statement: WALLET_STATEMENT,
      version: '1',
      chainId: WALLET_CHAIN_ID,
      nonce,
      issuedAt,
      expirationTime: expiresAt,
    });

  // Throws here, at start, rather than on the first sign-in when SITE_URL's host cannot be an
  // EIP-4361 domain (a name without a dot other than localhost, for one).
  const now = new Date();
  buildMessage({
    address: '0x0000000000000000000000000000000000000000',
    nonce: 'startupcheck',
    issuedAt: now,
    expiresAt: now,
  });

  return {
    domain,
    ttlSeconds: options.ttlSeconds,
    buildMessage,

    checkMessage(rawAddress, message, now = new Date()) {
      const address = normalizeWalletAddress(rawAddress);
      if (address === null) throw badRequest(SIGNIN_MESSAGES.walletAddressInvalid);

      const parsed = parseSiweMessage(message);
      const valid = (date: Date | undefined) => date === undefined || !Number.isNaN(date.getTime());
      if (
        parsed.domain === undefined ||
        parsed.address === undefined ||
        parsed.uri === undefined ||
        parsed.version !== '1' ||
        parsed.chainId === undefined ||
        parsed.nonce === undefined ||
        parsed.issuedAt === undefined ||
        !valid(parsed.issuedAt) ||
        !valid(parsed.expirationTime) ||
        !valid(parsed.notBefore)
      ) {
        throw badRequest(SIGNIN_MESSAGES.walletMessageInvalid);
      }

      let uriOrigin: string | null = null;
      try {
        uriOrigin = new URL(parsed.uri).origin;
      } catch {
        uriOrigin = null;
      }
      if (
        parsed.domain.toLowerCase() !== domain.toLowerCase() ||
        uriOrigin !== site.origin ||
        (parsed.scheme !== undefined && parsed.scheme.toLowerCase() !== scheme)
      ) {
        throw unauthorized(SIGNIN_MESSAGES.walletOtherSite);
      }

      if (parsed.address.toLowerCase() !== address) {
        throw unauthorized(SIGNIN_MESSAGES.walletOtherWallet);
      }

      const issuedAt = parsed.issuedAt.getTime();
      const at = now.getTime();
      if (issuedAt > at + CLOCK_SKEW_MS) throw badRequest(SIGNIN_MESSAGES.walletMessageInvalid);
      if (parsed.notBefore !== undefined && parsed.notBefore.getTime() > at + CLOCK_SKEW_MS) {
        throw badRequest(SIGNIN_MESSAGES.walletMessageInvalid);
      }
      if (
        at - issuedAt > ttlMs ||
        (parsed.expirationTime !== undefined && at >= parsed.expirationTime.getTime())
      ) {
        throw unauthorized(SIGNIN_MESSAGES.walletExpired);
      }
      return { address, nonce: parsed.nonce };
    },

    async verifySignature(address, message, signature) {
      if (!isHex(signature, { strict: true })) return false;
      try {
        const signer = await recoverMessageAddress({ message, signature });
        return signer.toLowerCase() === address.toLowerCase();
      } catch {
        // Wrong length, an impossible curve point: not this address's signature either way.
        return false;
      }
    },
  };
}
