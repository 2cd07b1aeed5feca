/**
 * Finishes a Discord sign-in when Discord sends the visitor back. Loaded by `useDiscordReturn`
 * only when the address carries a Discord answer, so it costs nothing on other visits.
 */
import { api, discordWelcome, errorMessage, MESSAGES, notify, session } from '@hypertek/shared';
import { takeDiscordState } from '@hypertek/shared/discord-state';
import type { Location, NavigateFunction } from 'react-router';

/** What Discord adds to the return address: the code (or an error) and our state. */
const DISCORD_PARAMS = ['code', 'state', 'error', 'error_description'];

/**
 * Only the answer to this tab's own sign-in counts: the `state` that comes back must be the one
 * the button saved. Then the parameters leave the address at once (a reload must not replay
 * them), the state is used up, and the code is exchanged with the server. Any other `code` (no
 * state, someone else's) is left alone: exchanging a code from a crafted link would sign the
 * visitor in to the crafter's account.
 *
 * Success signs in (the bare token is also kept under `token`) and goes to '/' for a new account,
 * to /profile for an existing one.
 */
export function finishDiscordReturn(location: Location, navigate: NavigateFunction): void {
  const params = new URLSearchParams(location.search);
  const code = params.get('code');
  const refused = params.get('error'); // the visitor said no on Discord's page
  if (!code && !refused) return;
  // Uses the saved state up, so this runs once per sign-in even when called again (StrictMode,
  // a re-render before the address changes).
  if (!takeDiscordState(params.get('state'))) return;

  for (const name of DISCORD_PARAMS) params.delete(name);
  const search = params.toString();
  void navigate(
    { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
    { replace: true },
  );
  if (!code) {
    notify.error(MESSAGES.discordFailed);
    return;
  }

  api
    .discord(code)
    .then(({ user, token, created }) => {
      session.signIn(user, token, { alsoSaveToken: true });
      notify.success(discordWelcome(user.FullName));
      void navigate(created ? '/' : '/profile');
    })
    .catch((error: unknown) => notify.error(errorMessage(error, MESSAGES.discordFailed)));
}
