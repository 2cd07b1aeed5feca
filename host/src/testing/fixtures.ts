/** Users and JWTs as the API makes them, and signing in through the real session store. */
import { session, type User } from '@hypertek/shared';

const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const inSeconds = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;

/** A three-part JWT whose payload holds `claims` (the client never checks the signature). */
export const jwt = (claims: Record<string, unknown>): string =>
  `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}.c2ln`;

/** Expires an hour from now (or `seconds` from now). */
export const liveToken = (seconds = 3600): string => jwt({ sub: 'u1', exp: inSeconds(seconds) });
/** Expired an hour ago. */
export const staleToken = (): string => jwt({ sub: 'u1', exp: inSeconds(-3600) });

export const ada: User = {
  _id: 'u1',
  id: 'u1',
  FullName: 'Ada Lovelace',
  Email: 'ada@example.com',
  Bio: '',
  Avatar: null,
  Password: true,
  DiscordId: null,
  GoogleId: null,
};

/** Signs in as Ada with a token valid for an hour, as a real sign-in would. */
export function signInAsAda(token = liveToken()): void {
  session.signIn(ada, token);
}
