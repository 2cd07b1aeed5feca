// WARNING: for tests only. What the release tests share: a remote's build as rspack writes one, a
// host and a checkout server started on free ports, and a script run in another process.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ReleaseVersionFigures } from '@hypertek/shared/contract/release-status';
import { startServer } from '../http/server.js';

/** A checkout build in a new folder under `work` that says `text`, with a hashed chunk. */
export function fakeBuild(
  work: string,
  text: string,
  { react = '19.2.0', exposes = ['payment'] }: { react?: string; exposes?: string[] } = {},
): string {
  const root = mkdtempSync(join(work, 'build-'));
  mkdirSync(join(root, 'static/js'), { recursive: true });
  writeFileSync(join(root, 'remoteEntry.js'), `/* checkout entry: ${text} */`);
  writeFileSync(
    join(root, 'static/js/pay.3f2a9c1d8e7b6a50.js'),
    `export default ${JSON.stringify(text)};`,
  );
  writeFileSync(
    join(root, 'mf-manifest.json'),
    JSON.stringify({
      name: 'checkout',
      metaData: { name: 'checkout', buildInfo: { buildVersion: '1.0.0' } },
      shared: [
        { name: 'react', version: react, requiredVersion: `^${react}`, singleton: true },
        {
          name: 'react/jsx-runtime',
          version: react,
          requiredVersion: `^${react}`,
          singleton: true,
        },
        { name: '@hypertek/shared', version: '1.0.0', requiredVersion: '^1.0.0', singleton: true },
      ],
      exposes: exposes.map((name) => ({ name })),
    }),
  );
  return root;
}

/**
 * The checkout's server on `checkoutRoot`, then the host's on `hostRoot` loading the checkout from
 * it; `close()` stops both.
 */
export async function startHostAndCheckout({
  hostRoot,
  checkoutRoot,
  env,
  hostEnv = {},
}: {
  hostRoot: string;
  checkoutRoot: string;
  env: NodeJS.ProcessEnv;
  hostEnv?: NodeJS.ProcessEnv;
}): Promise<{ hostUrl: string; checkoutUrl: string; close: () => void }> {
  const checkout = await startServer({
    root: checkoutRoot,
    isRemote: true,
    name: 'checkout',
    port: 0,
    host: '127.0.0.1',
    env,
  });
  const portOf = (server: { address: () => unknown }) => (server.address() as AddressInfo).port;
  const checkoutUrl = `http://127.0.0.1:${portOf(checkout)}`;
  const host = await startServer({
    root: hostRoot,
    isRemote: false,
    name: 'host',
    port: 0,
    host: '127.0.0.1',
    env: { ...env, REMOTE_CHECKOUT_URL: `${checkoutUrl}/mf-manifest.json`, ...hostEnv },
  });
  return {
    hostUrl: `http://127.0.0.1:${portOf(host)}`,
    checkoutUrl,
    close() {
      for (const server of [host, checkout]) {
        server.close();
        server.closeAllConnections();
      }
    },
  };
}

/**
 * Runs an ES module `script` in another Node process with `args` (TypeScript modules importable,
 * through tsx): its exit code and stderr.
 */
export function runScript(
  script: string,
  args: string[],
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
      ...args,
    ]);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

/** The checkout's release-report figures of one version, as the API answers them. */
export function checkoutFigures(
  version: string,
  visitors: number,
  failures: number,
): ReleaseVersionFigures {
  return {
    remote: 'checkout',
    version,
    visitors,
    failures,
    failureRate: visitors === 0 ? 0 : failures / visitors,
    lastFailure: null,
  };
}
