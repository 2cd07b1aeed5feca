// The payment-page monitor as the host's server and the command run it: its options from the
// same environment the server reads (the runtime config, SITE_URL, RELEASES_DIR, SERVE_CSP), and
// the optional schedule in the host's server (`PAYMENT_MONITOR_MINUTES`).
import { integrityOf } from '../releases/actions.js';
import { createPinSource } from '../releases/pins.js';
import { releasesDir } from '../releases/registry.js';
import { runtimeConfigFromEnv, siteUrl } from '../runtime-config.js';
import { baseHeaders, documentSecurityHeaders } from '../http/headers.js';
import {
  checkPaymentPages,
  reportLines,
  type MonitorOptions,
  type MonitorReport,
} from './monitor.js';

/** The schedule's variable: minutes between two runs in the host's server (unset or 0: none). */
export const MONITOR_MINUTES = 'PAYMENT_MONITOR_MINUTES';
/** Where the monitor loads the payment pages (default SITE_URL: what visitors reach). */
export const MONITOR_URL = 'PAYMENT_MONITOR_URL';

/** The monitor's options for the host whose build is `hostRoot`, from `env`. */
export function monitorOptionsFrom({
  env,
  hostRoot,
  pins: serverPins,
  log = () => {},
}: {
  env: NodeJS.ProcessEnv;
  hostRoot: string;
  /** The host's server's own pins (the schedule): read once there, not again each run. */
  pins?: MonitorOptions['pins'] | undefined;
  log?: (line: string) => void;
}): MonitorOptions {
  const config = runtimeConfigFromEnv(env);
  const site = siteUrl(env);
  const pins =
    serverPins ?? createPinSource({ configured: config.remotes, dir: releasesDir(env), env, log });
  const hostDigests = integrityOf(hostRoot);
  const { headersWith } = documentSecurityHeaders({ config, site, env });
  const common = baseHeaders({ isRemote: false });
  return {
    site: env[MONITOR_URL] || site,
    remotes: config.remotes,
    pins,
    hostFile: (pathname) => hostDigests[decodeURIComponent(pathname).replace(/^\/+/, '')],
    expectedHeaders: (nonce) => ({ ...common, ...headersWith(nonce) }),
  };
}

/** Minutes between runs from `env`, or null for no schedule; anything but a number stops. */
export function monitorMinutes(env: NodeJS.ProcessEnv): number | null {
  const value = env[MONITOR_MINUTES] ?? '';
  if (value === '' || value === '0') return null;
  const minutes = Number(value);
  if (!Number.isFinite(minutes) || minutes < 1 || minutes > 24 * 60)
    throw new Error(`${MONITOR_MINUTES}="${value}": minutes between 1 and 1440, or 0 for none`);
  return minutes;
}

/**
 * Runs the monitor every `minutes` (the first run a minute after start, once the site is up), each
 * run's alerts as log lines and its figures in the metrics. `stop()` ends it.
 */
export function schedulePaymentMonitor({
  minutes,
  options,
  log,
  ran,
  firstRunMs = 60_000,
}: {
  minutes: number;
  /** When the first run starts (the site has to be up first). */
  firstRunMs?: number;
  options: () => MonitorOptions;
  log: (line: string) => void;
  ran: (report: MonitorReport) => void;
}): { stop: () => void } {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await checkPaymentPages(options());
      for (const line of reportLines(report)) log(`payment-monitor: ${line}`);
      ran(report);
    } catch (error) {
      log(`payment-monitor: ALERT the monitor could not run: ${(error as Error).message}`);
      ran({
        findings: [{ page: '', kind: 'page', detail: (error as Error).message }],
        pages: 0,
        scripts: 0,
      });
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), firstRunMs);
  const every = setInterval(() => void run(), minutes * 60_000);
  first.unref();
  every.unref();
  log(`payment-monitor: checks the payment pages every ${minutes} min (${MONITOR_MINUTES})`);
  return {
    stop() {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
