import type { User } from '@hypertek/shared';

/** A wallet address as people read it: `0x5290…9ee7`. */
export const shortWalletAddress = (address: string): string =>
  address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;

/**
 * The name the profile shows: FullName, else the `Fullname` field one screen of the product reads,
 * else the email, else (a wallet account may have neither name nor email) the short wallet address.
 */
export function displayName(user: User): string {
  const legacy = (user as User & { Fullname?: unknown }).Fullname;
  return (
    user.FullName ||
    (typeof legacy === 'string' && legacy) ||
    user.Email ||
    (user.WalletAddress ? shortWalletAddress(user.WalletAddress) : '')
  );
}

/** The user's id as the API sends it (`_id`, or `id`). */
export const userId = (user: User): string => user._id || user.id;
