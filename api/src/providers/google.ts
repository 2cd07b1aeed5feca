/**
 * Google sign-in: the browser hands us an OAuth access token. Google's token-info endpoint says
 * whom it was issued to (it must be our client id, or a token minted for another site would sign
 * its holder in here) and whether it is still valid; the user-info endpoint says who the person is.
 */
import type { Config } from '../config/env';
import { badGateway, SIGNIN_MESSAGES, unauthorized } from '../lib/errors';
import { fields, providerCaller, stringField } from './http';
import type { ProviderIdentity, ProviderLog } from './types';

export interface GoogleProvider {
  /** The person behind an access token; throws 401 (bad token) or 502 (Google unavailable). */
  verifyAccessToken(accessToken: string): Promise<ProviderIdentity>;
}

/** Null when GOOGLE_CLIENT_ID is not set: the route answers 503. */
export function createGoogleProvider(
  config: Pick<Config, 'google' | 'providerTimeoutMs'>,
  log: ProviderLog,
): GoogleProvider | null {
  const { clientId, tokeninfoUrl, userinfoUrl } = config.google;
  if (clientId === null) return null;

  const unreachable = (details: object): never => {
    log.warn(details, 'Google sign-in: provider unavailable');
    throw badGateway(SIGNIN_MESSAGES.googleUnreachable);
  };
  const call = providerCaller(config.providerTimeoutMs, unreachable);

  return {
    async verifyAccessToken(accessToken) {
      const url = new URL(tokeninfoUrl);
      url.searchParams.set('access_token', accessToken);
      const info = await call(url.toString(), { method: 'GET' });
      // Google answers 400 `invalid_token` for unknown, revoked and expired tokens.
      if (info.status === 400 || info.status === 401) {
        throw unauthorized(SIGNIN_MESSAGES.googleTokenInvalid);
      }
      if (info.status !== 200) return unreachable({ endpoint: 'tokeninfo', status: info.status });
      const token = fields(info.body);
      const audiences = [stringField(token, 'aud'), stringField(token, 'azp')];
      if (!audiences.includes(clientId)) throw unauthorized(SIGNIN_MESSAGES.googleWrongAudience);
      if (!isUnexpired(token)) throw unauthorized(SIGNIN_MESSAGES.googleTokenInvalid);

      const user = await call(userinfoUrl, {
        method: 'GET',
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (user.status === 401 || user.status === 403) {
        throw unauthorized(SIGNIN_MESSAGES.googleTokenInvalid);
      }
      if (user.status !== 200) return unreachable({ endpoint: 'userinfo', status: user.status });
      const profile = fields(user.body);
      const subject = stringField(profile, 'sub');
      if (subject === null) return unreachable({ endpoint: 'userinfo', problem: 'no sub' });
      // Both answers must be about the same person.
      const tokenSubject = stringField(token, 'sub');
      if (tokenSubject !== null && tokenSubject !== subject) {
        throw unauthorized(SIGNIN_MESSAGES.googleTokenInvalid);
      }
      const verified = profile.email_verified;
      return {
        subject,
        email: stringField(profile, 'email'),
        emailVerified: verified === true || verified === 'true',
        name: stringField(profile, 'name') ?? '',
      };
    },
  };
}

/** Token-info gives `expires_in` (seconds left) and `exp` (epoch seconds), as strings. */
function isUnexpired(token: Record<string, unknown>): boolean {
  const expiresIn = Number(token.expires_in);
  if (token.expires_in !== undefined && Number.isFinite(expiresIn)) return expiresIn > 0;
  const exp = Number(token.exp);
  if (token.exp !== undefined && Number.isFinite(exp)) return exp * 1000 > Date.now();
  // Neither field: Google always sends them, so an answer without them is not a valid token.
  return false;
}
