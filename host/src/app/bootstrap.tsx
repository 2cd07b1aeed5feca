import { loadRuntimeConfig, preloadHttp } from '@hypertek/shared';
import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';

import { registerConfiguredRemotes } from '../lib/federation';
import { keepServerSnapshot } from '../prerender/snapshot';
import { App } from './app';

/**
 * Loads the HTTP client (axios, ~20 kB) on the frame after the app's first commit, while the
 * route's page loads: when the page asks for its data the client is there, and on a drawn page
 * the answer too (preloaded by its HTML). Started any earlier, it competes with the first render
 * (which is a transition, so `render()` returns long before the commit).
 */
function PreloadHttpAfterCommit() {
  useEffect(() => {
    requestAnimationFrame(() => setTimeout(() => void preloadHttp(), 0));
  }, []);
  return null;
}

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
        <PreloadHttpAfterCommit />
      </StrictMode>,
    ),
  );
}

void start();
