import type { RuntimeConfig } from '@hypertek/shared';

/** What the site asks Discord for: who the visitor is, and their e-mail address. */
export const DISCORD_SCOPE = 'identify email';

/**
 * Discord's authorization page for this site (OAuth 2 authorization-code flow): Discord sends the
 * visitor back to `discordRedirectUri` (this origin's /signin unless configured; the API must use
 * the same address) with `code` and `state`.
 */
export function discordAuthorizeUrl(
  config: Pick<RuntimeConfig, 'discordAuthorizeUrl' | 'discordClientId' | 'discordRedirectUri'>,
  state: string,
): string {
  const url = new URL(config.discordAuthorizeUrl);
  url.searchParams.set('client_id', config.discordClientId.trim());
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', DISCORD_SCOPE);
  url.searchParams.set(
    'redirect_uri',
    config.discordRedirectUri || `${window.location.origin}/signin`,
  );
  url.searchParams.set('state', state);
  return url.toString();
}
