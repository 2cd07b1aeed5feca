import { createAppConfig } from '../scripts/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'host',
  port: 3000,
  title: 'Hyper Tek',
  // The frame of every page, rendered at build time (see src/prerender/frames.tsx).
  prerender: './src/prerender/frames.tsx',
});
