import '@fontsource-variable/orbitron/index.css';
import '@fontsource-variable/exo-2/index.css';
import '@hypertek/shared/tokens.css';
import '@hypertek/shared/ui.css';
import '../styles/global.css';

import { loadRuntimeConfig, preloadHttp } from '@hypertek/shared';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { registerConfiguredRemotes } from '../lib/federation';
import { App } from './app';

async function start() {
  const config = await loadRuntimeConfig();
  registerConfiguredRemotes(config.remotes);
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The HTTP client is not needed for the first paint; fetch it once the browser is idle.
  // (Safari has no requestIdleCallback.)
  if ('requestIdleCallback' in window) window.requestIdleCallback(() => void preloadHttp());
  else setTimeout(() => void preloadHttp(), 200);
}

void start();
