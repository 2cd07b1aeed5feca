// The release workflow's two secrets, never a user's:
// - RELEASE_TOKEN: what a CI pipeline (or the command line) shows to the host's release endpoint
//   and to the API's release reports (`Authorization: Bearer …`);
// - RELEASE_SIGNING_KEY: what signs a preview link, so that only `release preview` makes one.
// From the environment (production: set both, from the secret store); else, for `npm start` on
// one machine, made once at random and kept in the releases folder (`.secrets.json`, mode 0600,
// git-ignored with the folder), so the command line, the host's server and the API agree.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bearerTokenOf, isReleaseVersion } from '@hypertek/shared/release-words';
import { releasesDir } from './registry.js';

const SECRETS_FILE = '.secrets.json';

export interface ReleaseSecrets {
  token: string;
  signingKey: string;
}

/** A preview pass: which remote's release one browser loads, until when (ms since the epoch). */
export interface PreviewPass {
  remote: string;
  version: string;
  expires: number;
}

/** `{ token, signingKey }` from the environment, else from (or made in) the releases folder. */
export function releaseSecrets(env: NodeJS.ProcessEnv = process.env): ReleaseSecrets {
  if (env.RELEASE_TOKEN && env.RELEASE_SIGNING_KEY)
    return { token: env.RELEASE_TOKEN, signingKey: env.RELEASE_SIGNING_KEY };
  const dir = releasesDir(env);
  const file = join(dir, SECRETS_FILE);
  let kept: ReleaseSecrets;
  try {
    kept = JSON.parse(readFileSync(file, 'utf8')) as ReleaseSecrets;
  } catch {
    kept = {
      token: randomBytes(32).toString('base64url'),
      signingKey: randomBytes(32).toString('base64url'),
    };
    try {
      mkdirSync(dir, { recursive: true });
      // `wx`: two processes starting at once keep the first one's secrets.
      writeFileSync(file, `${JSON.stringify(kept)}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST')
        kept = JSON.parse(readFileSync(file, 'utf8')) as ReleaseSecrets;
      // A read-only file system (a container) and no secrets in the environment: this process's
      // own, known to nobody else, so the endpoint and preview links refuse everyone (safe).
    }
  }
  return {
    token: env.RELEASE_TOKEN || kept.token,
    signingKey: env.RELEASE_SIGNING_KEY || kept.signingKey,
  };
}

/** Is `header` (an Authorization header) `Bearer <token>`? In constant time. */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  const given = bearerTokenOf(header);
  if (!given || !token) return false;
  const digest = (value: string) => createHmac('sha256', 'release-token').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}

const sign = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url');

/** A preview pass for one browser: `remote`'s `version` until `expires` (ms), signed. */
export function previewToken(
  signingKey: string,
  { remote, version, expires }: PreviewPass,
): string {
  const payload = Buffer.from(JSON.stringify({ r: remote, v: version, e: expires })).toString(
    'base64url',
  );
  return `${payload}.${sign(signingKey, payload)}`;
}

/** The pass in `token` when its signature is ours and it has not expired, else null. */
export function readPreviewToken(
  signingKey: string,
  token: string | null | undefined,
  now = Date.now(),
): PreviewPass | null {
  const [payload, signature, extra] = (token ?? '').split('.');
  if (!payload || !signature || extra !== undefined || payload.length > 400) return null;
  const expected = Buffer.from(sign(signingKey, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const { r, v, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      r: unknown;
      v: unknown;
      e: unknown;
    };
    if (typeof r !== 'string' || typeof v !== 'string' || !isReleaseVersion(v)) return null;
    if (typeof e !== 'number' || e <= now) return null;
    return { remote: r, version: v, expires: e };
  } catch {
    return null;
  }
}
