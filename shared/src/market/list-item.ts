/**
 * Listing an item, the one way both the profile's 'List Now' and the Instant Sell tile do it.
 * A wallet account signs its listing in its wallet (as Decentraland's off-chain trades are
 * signed): the API writes the text, the wallet signs it, the API checks the signature against
 * the account's address. Any other account lists without that step (it has no wallet to sign
 * with); the API treats both alike once the listing exists.
 */
import { api } from '@hypertek/shared';
import type { CreateListingRequest, ListingAnswer } from '@hypertek/shared/contract';

import { injectedWallet, utf8ToHex } from './browser-wallet';

/** True when listing will ask the account's wallet to sign (it has one, and the browser too). */
export const listingNeedsWallet = (walletAddress: string | null | undefined): boolean =>
  typeof walletAddress === 'string' && walletAddress !== '' && injectedWallet() !== null;

/**
 * Lists the item. With `walletAddress` (a wallet account whose browser has its wallet), the
 * wallet signs the listing first; a refusal in the wallet rejects with the wallet's error
 * (code 4001) and nothing is listed.
 */
export async function listItem(
  body: CreateListingRequest,
  walletAddress?: string | null,
): Promise<ListingAnswer> {
  const wallet = injectedWallet();
  if (!listingNeedsWallet(walletAddress) || wallet === null) return api.market.list(body);
  const { message } = await api.market.listingMessage(body);
  const signature = (await wallet.request({
    method: 'personal_sign',
    params: [utf8ToHex(message), walletAddress],
  })) as string;
  return api.market.list({ ...body, message, signature });
}
