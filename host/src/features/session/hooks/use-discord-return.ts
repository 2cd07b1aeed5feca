import { api, discordWelcome, errorMessage, MESSAGES, notify, session } from '@hypertek/shared';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The chat-community (Discord) return (SPEC §4): a `code` query parameter is removed from the
 * address at once and exchanged with the server; success signs in and goes to '/'.
 */
export function useDiscordReturn(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const exchanged = useRef<string | null>(null);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('code');
    if (!code || exchanged.current === code) return;
    exchanged.current = code;
    params.delete('code');
    const search = params.toString();
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );

    api
      .discord(code)
      .then(({ user, token }) => {
        session.signIn(user, token, { alsoSaveToken: true });
        notify.success(discordWelcome(user.FullName));
        void navigate('/');
      })
      .catch((error: unknown) => notify.error(errorMessage(error, MESSAGES.discordFailed)));
  }, [location, navigate]);
}
