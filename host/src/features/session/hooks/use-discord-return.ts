import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** Discord's return carries `code` (or `error`); any other address needs nothing more. */
const MAY_BE_DISCORD_RETURN = /[?&](code|error)=/;

/**
 * The chat-community (Discord) return: when the address may be Discord's answer, loads the code
 * that checks it against this tab's sign-in and finishes it (`../lib/discord-return.ts`).
 */
export function useDiscordReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (!MAY_BE_DISCORD_RETURN.test(location.search)) return;
    import('../lib/discord-return')
      .then(({ finishDiscordReturn }) => finishDiscordReturn(location, navigate))
      .catch((error: unknown) => console.error('[hypertek] Discord return not handled', error));
  }, [location, navigate]);
}
