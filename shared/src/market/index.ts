/** `@hypertek/shared/market`: the browser side of selling (listing, with a wallet signature when the account has one). */
export { listItem, listingNeedsWallet } from './list-item';
export {
  injectedWallet,
  USER_REJECTED,
  utf8ToHex,
  walletErrorCode,
  type Eip1193Provider,
  type WalletRpcError,
} from './browser-wallet';
