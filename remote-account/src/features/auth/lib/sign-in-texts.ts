/**
 * Texts of the other ways in that the product describes without spelling them out (its own words
 * are in @hypertek/shared's MESSAGES). They live here, not in shared: only these pages show them,
 * and shared is part of every first paint of the site.
 */

/** After the wallet has not answered for 20 s: the steps to find its prompt, one per line. */
export const WALLET_HELP =
  "Your wallet has not answered yet.\n1. Click the wallet icon in your browser's toolbar.\n2. Look for pending requests and answer them.\n3. Still nothing? Refresh the page and try again.";

/** Under a provider's button when the site was started without its client id. */
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not set up on this site.';
export const DISCORD_NOT_CONFIGURED = 'Discord sign-in is not set up on this site.';
