/**
 * One-click unsubscribe tokens (RFC 8058): the user and the one mailed kind they stop, signed
 * with an HMAC-SHA256 key derived from the API's secret (JWT_SECRET), so a link works without
 * signing in and a forged or altered one is refused. A token does not expire: an old email's
 * link keeps working (it only ever turns one kind's email off). Without JWT_SECRET (development)
 * the secret, and so every link, ends with the process.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  isMailedNotificationKind,
  type MAILED_NOTIFICATION_KINDS,
} from '@hypertek/shared/contract';

export type MailedKind = (typeof MAILED_NOTIFICATION_KINDS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Longer than any token this makes. */
export const MAX_TOKEN_LENGTH = 200;

export function unsubscribeTokens(secret: Uint8Array) {
  // Its own key: a token of one use is never a valid signature of another.
  const key = createHmac('sha256', secret).update('hypertek notifications unsubscribe').digest();
  const sign = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    make(userId: string, kind: MailedKind): string {
      const payload = Buffer.from(JSON.stringify([userId, kind])).toString('base64url');
      return `${payload}.${sign(payload).toString('base64url')}`;
    },
    /** The user and kind a token names; null when it is malformed, forged or altered. */
    read(token: string): { userId: string; kind: MailedKind } | null {
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > MAX_TOKEN_LENGTH) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
        if (!Array.isArray(value) || value.length !== 2) return null;
        const [userId, kind] = value as unknown[];
        if (typeof userId !== 'string' || !UUID.test(userId) || !isMailedNotificationKind(kind)) {
          return null;
        }
        return { userId, kind };
      } catch {
        return null;
      }
    },
  };
}

export type UnsubscribeTokens = ReturnType<typeof unsubscribeTokens>;
