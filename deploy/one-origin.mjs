// @ts-check
// The public addresses of the one-origin topology (deploy/Caddyfile): the site at `/`, each remote
// under /remotes/<name>/, the API under /api. What the apps' runtime config and the API read, for
// a given origin: docker-compose.yml writes the same from SITE_DOMAIN (deploy/compose.test.mjs
// checks that it does), and deploy/tls.test.mjs serves the built apps with it.
import { APPS } from '../server/src/apps.mjs';

/** Where a remote is served on the one origin (the proxy strips the prefix). */
export const remotePrefix = (/** @type {string} */ remote) => `/remotes/${remote}/`;

/**
 * The environment of every service for the site at `origin` (`https://hypertek.example`).
 * @param {string} origin
 * @returns {Record<string, string>}
 */
export function oneOriginEnv(origin) {
  /** @type {Record<string, string>} */
  const env = {
    SITE_URL: origin,
    PUBLIC_API_URL: `${origin}/api/v1`,
    API_PUBLIC_ORIGIN: origin,
    CORS_ORIGINS: origin,
  };
  for (const app of APPS)
    if (app.remote)
      env[`REMOTE_${app.remote.toUpperCase()}_URL`] =
        `${origin}${remotePrefix(app.remote)}mf-manifest.json`;
  return env;
}
