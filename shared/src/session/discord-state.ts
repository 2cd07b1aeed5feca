/**
 * The OAuth `state` of a Discord sign-in: the account remote's button makes a random one, keeps it
 * in this tab's session storage and sends it to Discord; the host exchanges a returning `code` only
 * when the same state comes back with it. A link someone else crafted (`/signin?code=theirs`) then
 * cannot sign the visitor in to the crafter's account.
 *
 * Its own entry (`@hypertek/shared/discord-state`), not the main one: it holds no state of its own
 * (session storage does), so each app may bundle it, and the host loads it only when an address
 * carries a Discord answer instead of with every first paint.
 */

/** Session storage key of the state the last Discord sign-in of this tab sent. */
export const DISCORD_STATE_STORAGE_KEY = 'discordOAuthState';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode)
  }
}

/**
 * A fresh random state (128 bits, hex), saved for the return. Null when it cannot be saved: the
 * return would then be refused, so the caller must not send the visitor to Discord.
 */
export function createDiscordState(): string | null {
  const store = storage();
  if (!store) return null;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const state = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  try {
    store.setItem(DISCORD_STATE_STORAGE_KEY, state);
  } catch {
    return null; // quota exceeded
  }
  return state;
}

/**
 * True when `returned` is the state this tab sent; that state is then used up, so a code is
 * exchanged once. Any other value (none, a guess) leaves the saved state alone, so a foreign link
 * cannot spoil a sign-in that is on its way.
 */
export function takeDiscordState(returned: string | null): boolean {
  const store = storage();
  const saved = store?.getItem(DISCORD_STATE_STORAGE_KEY);
  if (!saved || !returned || returned !== saved) return false;
  store?.removeItem(DISCORD_STATE_STORAGE_KEY);
  return true;
}
