import { loadRuntimeConfig } from '@hypertek/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { registerConfiguredRemotes } from '../lib/federation';
import { setScriptUrlPolicy } from '../lib/remote-integrity';
import { documentDrawnForHydration } from '../lib/hydration';
import { allowRemoteOrigins, trustedScriptUrl } from '../lib/trusted-types';
import { yieldToBrowser } from '../lib/yield-to-browser';
import { keepServerSnapshot } from '../prerender/snapshot';
import { App } from './app';

async function start() {
  const config = await loadRuntimeConfig();
  // The remotes' scripts are the only other ones the Trusted Types policy lets the runtime load.
  allowRemoteOrigins(config.remotes);
  // The remotes' scripts are made by the integrity plugin, their address vouched for by the
  // site's own policy (not the `default` one, which is left to third-party loaders).
  setScriptUrlPolicy(trustedScriptUrl);
  registerConfiguredRemotes(config.remotes, config);
  await yieldToBrowser();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (documentDrawnForHydration()) {
    // The server drew this page with the same tree (server/src/compose/composer.ts): React adopts its
    // elements instead of building them again. The route's page is a Suspense boundary that
    // stays as drawn until its remote's code arrives, then hydrates in turn. In a transition,
    // hydration yields to the browser every few milliseconds instead of running as one long task.
    startTransition(() => {
      hydrateRoot(root, app, {
        onRecoverableError(error, info) {
          console.error('[hypertek] hydration:', error, info.componentStack ?? '');
        },
      });
    });
    return;
  }
  keepServerSnapshot();
  // A transition: React renders the app in slices that yield to the browser (input, paint)
  // instead of one long task; a page drawn by the server stays on screen meanwhile.
  startTransition(() => createRoot(root).render(app));
}

void start();
