import { createAppConfig } from '../scripts/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: import.meta.dirname,
  name: 'host',
  port: 3000,
  title: 'Hyper Tek',
});
