/**
 * Discord sign-in: the browser comes back from Discord's authorize page with a one-time code. We
 * exchange it at the token endpoint (form-encoded, with our client secret, which never leaves the
 * server), then read the person at `/users/@me` with the access token we got.
 */
import type { Config } from '../config/env';
import { badGateway, SIGNIN_MESSAGES, unauthorized } from '../lib/errors';
import { fields, providerCaller, stringField } from './http';
import type { ProviderIdentity, ProviderLog } from './types';

export interface DiscordProvider {
  /** The person who granted `code`; throws 401 (bad or used code) or 502 (Discord unavailable). */
  exchangeCode(code: string): Promise<ProviderIdentity>;
}

/** Null unless both DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set: the route answers 503. */
export function createDiscordProvider(
  config: Pick<Config, 'discord' | 'providerTimeoutMs'>,
  log: ProviderLog,
): DiscordProvider | null {
  const { clientId, clientSecret, redirectUri, tokenUrl, apiUrl } = config.discord;
  if (clientId === null || clientSecret === null) return null;

  const unreachable = (details: object): never => {
    log.warn(details, 'Discord sign-in: provider unavailable');
    throw badGateway(SIGNIN_MESSAGES.discordUnreachable);
  };
  const call = providerCaller(config.providerTimeoutMs, unreachable);

  return {
    async exchangeCode(code) {
      const exchange = await call(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: clientId,
          client_secret: clientSecret,
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
        }).toString(),
      });
      if (exchange.status === 400 || exchange.status === 401) {
        // `invalid_grant` is the caller's code; `invalid_client` or a redirect mismatch is our
        // configuration: the log tells an operator which.
        const error = stringField(fields(exchange.body), 'error');
        if (error !== 'invalid_grant') {
          log.warn({ status: exchange.status, error }, 'Discord sign-in: code exchange refused');
        }
        throw unauthorized(SIGNIN_MESSAGES.discordCodeInvalid);
      }
      if (exchange.status !== 200)
        return unreachable({ endpoint: 'token', status: exchange.status });
      const accessToken = stringField(fields(exchange.body), 'access_token');
      if (accessToken === null)
        return unreachable({ endpoint: 'token', problem: 'no access_token' });

      const me = await call(`${apiUrl}/users/@me`, {
        method: 'GET',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (me.status === 401 || me.status === 403) {
        throw unauthorized(SIGNIN_MESSAGES.discordCodeInvalid);
      }
      if (me.status !== 200) return unreachable({ endpoint: 'users/@me', status: me.status });
      const user = fields(me.body);
      const id = stringField(user, 'id');
      if (id === null) return unreachable({ endpoint: 'users/@me', problem: 'no id' });
      return {
        subject: id,
        email: stringField(user, 'email'),
        emailVerified: user.verified === true,
        name: stringField(user, 'global_name') ?? stringField(user, 'username') ?? '',
      };
    },
  };
}
