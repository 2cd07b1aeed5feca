// The payment-page monitor as a command (docs/security.md, "The payment-page monitor"): loads each
// payment page of the inventory as a browser receives it and compares its scripts and security
// headers with the inventory and the release registry's digests.
//
//   npm run monitor:payment-pages                       the site at SITE_URL (or PAYMENT_MONITOR_URL)
//   npm run monitor:payment-pages -- --site https://hypertek.example --host-build /srv/dist
//
// The same environment as the host's server (its runtime config, SITE_URL, RELEASES_DIR,
// SERVE_CSP): the monitor expects the headers that configuration sends. Exit codes: 0 the pages
// are as released, 1 a difference (each printed as an ALERT line), 2 a usage or setup error.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findApp, repoRoot } from '../apps.mjs';
import { checkPaymentPages, reportLines } from '../payment-pages/monitor.js';
import { MONITOR_URL, monitorOptionsFrom } from '../payment-pages/run.js';

const log = (line: string) => console.log(`[payment-monitor] ${line}`);
try {
  const { values } = parseArgs({
    options: {
      site: { type: 'string' },
      'host-build': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(
      'Usage: npm run monitor:payment-pages -- [--site URL] [--host-build DIR]\n' +
        `  --site        where visitors reach the site (default ${MONITOR_URL}, else SITE_URL)\n` +
        "  --host-build  the host's build its server serves (default the repository's host/dist)",
    );
    process.exit(0);
  }
  const hostRoot = resolve(values['host-build'] ?? join(repoRoot, findApp('host').dir, 'dist'));
  if (!existsSync(join(hostRoot, 'index.html')))
    throw new Error(`no host build in ${hostRoot} (--host-build)`);
  const env = values.site ? { ...process.env, [MONITOR_URL]: values.site } : process.env;
  const options = monitorOptionsFrom({ env, hostRoot, log });
  log(`checking ${options.site}`);
  const report = await checkPaymentPages(options);
  for (const line of reportLines(report)) log(line);
  process.exit(report.findings.length === 0 ? 0 : 1);
} catch (error) {
  console.error(`[payment-monitor] error: ${(error as Error).message}`);
  process.exit(2);
}
