// Where Chromium is and how to start it on these machines (headless as root, on a closed network:
// without the background-networking flags it floods the network with refused connections).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The Chromium to use: CHROME_PATH, Debian's chromium, or a google-chrome on the PATH; null if none.
 * @param {NodeJS.ProcessEnv} env
 * @returns {string | null}
 */
export function findChromium(env = process.env) {
  for (const path of [env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (path && existsSync(path)) return path;
  }
  const which = spawnSync('sh', ['-c', 'command -v google-chrome || command -v chromium'], {
    encoding: 'utf8',
  });
  return which.status === 0 ? which.stdout.trim() || null : null;
}
