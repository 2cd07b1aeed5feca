import { loadRuntimeConfig, preloadHttp } from '@hypertek/shared';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { registerConfiguredRemotes } from '../lib/federation';
import { keepServerSnapshot } from '../prerender/snapshot';
import { App } from './app';

async function start() {
  const config = await loadRuntimeConfig();
  registerConfiguredRemotes(config.remotes);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  keepServerSnapshot();
  // A transition: React renders the app in slices that yield to the browser (input, paint)
  // instead of one long task; the page drawn by the server stays on screen meanwhile.
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // The HTTP client is not needed for the first paint; fetch it once the browser is idle.
  // (Safari has no requestIdleCallback.)
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void preloadHttp());
  else setTimeout(() => void preloadHttp(), 200);
}

void start();
