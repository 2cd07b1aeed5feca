import '@fontsource-variable/orbitron/index.css';
import '@fontsource-variable/exo-2/index.css';
import '@hypertek/shared/tokens.css';
import '@hypertek/shared/ui.css';
import '../styles/global.css';

import { loadRuntimeConfig } from '@hypertek/shared';
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
}

void start();
