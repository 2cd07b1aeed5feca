/**
 * A bearer secret from the configuration (RELEASE_TOKEN, METRICS_TOKEN), checked against the
 * `Authorization: Bearer <token>` header in constant time: both sides are hashed with SHA-256
 * first, so the comparison takes the same time whatever the length or content sent. A user's
 * sign-in token (a JWT) is never one of these: it is simply not the configured secret.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { bearerTokenOf } from '@hypertek/shared/release-words';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** A checker for one secret: true when the header carries exactly it. */
export function bearerSecret(secret: string): (header: string | undefined) => boolean {
  const expected = digest(secret);
  return (header) => {
    const given = bearerTokenOf(header);
    // No header still costs a comparison, so its answer takes as long as a wrong token's.
    const same = timingSafeEqual(digest(given ?? ''), expected);
    return given !== null && same;
  };
}
