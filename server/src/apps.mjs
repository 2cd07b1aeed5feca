// @ts-check
// The front-end apps of the site and how each is served: one table that the web server, `npm
// start`, the lint config, the browser tests and the bundle-size check all read. Plain JavaScript
// with no import, typed by JSDoc (checked with the package): `npm start` reads it on a fresh clone,
// before anything is installed or built, and so do the lint config and the image's build.
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** @typedef {(typeof import('@hypertek/shared/release-words').REMOTE_NAMES)[number]} RemoteName */
/** @typedef {{ name: string, pkg: string, dir: string, portEnv: string, defaultPort: number, remote?: RemoteName }} App */

/** @type {App[]} */
export const APPS = [
  { name: 'host', pkg: '@hypertek/host', dir: 'host', portEnv: 'HOST_PORT', defaultPort: 3000 },
  {
    name: 'marketing',
    pkg: '@hypertek/remote-marketing',
    dir: 'remote-marketing',
    portEnv: 'MARKETING_PORT',
    defaultPort: 3001,
    remote: 'marketing',
  },
  {
    name: 'marketplace',
    pkg: '@hypertek/remote-marketplace',
    dir: 'remote-marketplace',
    portEnv: 'MARKETPLACE_PORT',
    defaultPort: 3002,
    remote: 'marketplace',
  },
  {
    name: 'account',
    pkg: '@hypertek/remote-account',
    dir: 'remote-account',
    portEnv: 'ACCOUNT_PORT',
    defaultPort: 3003,
    remote: 'account',
  },
  {
    name: 'checkout',
    pkg: '@hypertek/remote-checkout',
    dir: 'remote-checkout',
    portEnv: 'CHECKOUT_PORT',
    defaultPort: 3004,
    remote: 'checkout',
  },
];

/** @type {App} */
export const API = {
  name: 'api',
  pkg: '@hypertek/api',
  dir: 'api',
  portEnv: 'API_PORT',
  defaultPort: 4000,
};

/**
 * Finds an app by its short name (`host`, `marketing`, …), folder (`remote-marketing`) or package name.
 * @param {string} id
 * @returns {App}
 */
export function findApp(id) {
  const app = APPS.find((a) => a.name === id || a.dir === id || a.pkg === id);
  if (!app) throw new Error(`Unknown app "${id}". Known: ${APPS.map((a) => a.name).join(', ')}`);
  return app;
}

/**
 * The port an app (or the API) listens on: its environment variable, else the default.
 * @param {{ portEnv: string, defaultPort: number }} app
 * @param {NodeJS.ProcessEnv} env
 */
export function portOf(app, env = process.env) {
  const raw = env[app.portEnv];
  if (raw === undefined || raw === '') return app.defaultPort;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${app.portEnv}="${raw}" is not a valid port`);
  }
  return port;
}
