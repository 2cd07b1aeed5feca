// Prometheus metrics of a web server (host or remote), at `/metrics` (docs/operations.md,
// "Metrics"). prom-client: the Prometheus client for Node that the ecosystem uses (text format,
// histograms, process metrics); one registry per server.
// Served openly unless METRICS_TOKEN is set, then only with `Authorization: Bearer <token>`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';
import type { Change, Registry } from '../releases/registry.js';
import type { ReleaseChoice } from '../releases/routing.js';
import type { CspReportCounters } from './csp-reports.js';
import { bearerMatches } from '../releases/secrets.js';
import { CSP_REPORT_PATH, hasFileExtension } from './headers.js';

/** What a request was, for the labels: never the raw address (unbounded). */
function kindOf(pathname: string): string {
  if (pathname === '/config.json') return 'config';
  if (pathname.startsWith('/_release/')) return 'release-endpoint';
  if (pathname.startsWith('/releases/')) return 'release-file';
  if (pathname === CSP_REPORT_PATH) return 'csp-report';
  if (pathname === '/robots.txt' || pathname.startsWith('/sitemap')) return 'crawler';
  if (!hasFileExtension(pathname) || /\.html?$/.test(pathname)) return 'document';
  return 'asset';
}

/** A remote's file by kind, for the labels (a path would be unbounded). */
function fileKind(path: string): string {
  if (path === 'mf-manifest.json') return 'manifest';
  if (!path.includes('/') && path.endsWith('.js')) return 'entry';
  if (path.endsWith('.cjs')) return 'node-build';
  if (path.endsWith('.js')) return 'script';
  return 'other';
}

let processRegistry: client.Registry | null = null;
/**
 * CPU, memory, event loop and GC of this process: made once, with the first server (its
 * collectors cannot be stopped; tests start many servers in one process).
 */
function processMetrics(): client.Registry {
  if (processRegistry === null) {
    processRegistry = new client.Registry();
    client.collectDefaultMetrics({ register: processRegistry, prefix: 'hypertek_web_' });
  }
  return processRegistry;
}

/** The metrics of one web server. */
export interface WebMetrics extends CspReportCounters {
  /** Times `req` and counts it once answered. */
  observe: (req: IncomingMessage, res: ServerResponse, pathname: string) => void;
  /** A page or config served with these releases (the host's choice for a visitor). */
  served: (choice: ReleaseChoice) => void;
  canaryRolledBack: (change: Change) => void;
  /** A remote's file this server fetched was refused: its bytes differ from its digest, or it has none. */
  integrityRefused: (refusal: { remote: string; version: string | null; file: string }) => void;
  /** One run of the payment-page monitor: its differences, by kind (page, header, script). */
  paymentMonitorRan: (findings: { kind: string }[]) => void;
  /** Where the live-release gauge reads the registry (the host's live view). */
  watchReleases: (read: () => Registry) => void;
  serve: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
}

export function createWebMetrics({
  app,
  env = process.env,
}: {
  app: string;
  env?: NodeJS.ProcessEnv;
}): WebMetrics {
  const register = new client.Registry();
  register.setDefaultLabels({ app });
  const processRegister = processMetrics();
  const requests = new client.Counter({
    name: 'hypertek_web_http_requests_total',
    help: 'Requests answered, by kind (document, config, asset, release-file, release-endpoint, crawler, csp-report) and status.',
    labelNames: ['kind', 'status'],
    registers: [register],
  });
  const durations = new client.Histogram({
    name: 'hypertek_web_http_request_duration_seconds',
    help: 'Time to answer a request, by kind.',
    labelNames: ['kind'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  });
  const releaseDocuments = new client.Counter({
    name: 'hypertek_release_documents_total',
    help: "Pages and configs served with a remote's release, by remote, version and channel (live, canary, preview).",
    labelNames: ['remote', 'version', 'channel'],
    registers: [register],
  });
  const canaryRollbacks = new client.Counter({
    name: 'hypertek_release_canary_rollbacks_total',
    help: 'Canaries rolled back by the canary guard, by remote and version.',
    labelNames: ['remote', 'version'],
    registers: [register],
  });
  const cspViolations = new client.Counter({
    name: 'hypertek_web_csp_violations_total',
    help: 'Content-Security-Policy and Trusted Types violations browsers reported, by directive and disposition (enforce: blocked; report: would have been).',
    labelNames: ['directive', 'disposition'],
    registers: [register],
  });
  const cspRefused = new client.Counter({
    name: 'hypertek_web_csp_reports_refused_total',
    help: 'CSP reports refused, by reason (too-large, rate-limited, malformed, media-type).',
    labelNames: ['reason'],
    registers: [register],
  });
  const integrityRefusals = new client.Counter({
    name: 'hypertek_remote_integrity_refusals_total',
    help: "Files of a remote this server refused to use (bytes differing from the release's recorded digest, or no digest), by remote, version ('in-place' for the build served in place) and file kind (manifest, entry, script, node-build, other).",
    labelNames: ['remote', 'version', 'file'],
    registers: [register],
  });
  const paymentAlerts = new client.Counter({
    name: 'hypertek_payment_page_alerts_total',
    help: "Differences the payment-page monitor found between what the payment pages serve and what was released (docs/security.md), by kind: page (not served), header (a security header changed or missing), script (a script not in the inventory, or bytes not the recorded digest).",
    labelNames: ['kind'],
    registers: [register],
  });
  const paymentDifferences = new client.Gauge({
    name: 'hypertek_payment_page_differences',
    help: "Differences the payment-page monitor's last run found (0: the payment pages are as released).",
    registers: [register],
  });
  const paymentLastRun = new client.Gauge({
    name: 'hypertek_payment_page_monitor_last_run_timestamp_seconds',
    help: 'When the payment-page monitor last ran (an alert when it stops running).',
    registers: [register],
  });
  let registryNow = (): Registry => ({ revision: 0, remotes: {}, history: [] });
  new client.Gauge({
    name: 'hypertek_release_live_info',
    help: 'The release of each remote that visitors get (1), by channel: live, or canary with its share in percent.',
    labelNames: ['remote', 'version', 'channel', 'percent'],
    registers: [register],
    collect() {
      this.reset();
      for (const [remote, state] of Object.entries(registryNow().remotes)) {
        if (!state) continue;
        if (state.live)
          this.set({ remote, version: state.live, channel: 'live', percent: '100' }, 1);
        if (state.canary)
          this.set(
            {
              remote,
              version: state.canary.version,
              channel: 'canary',
              percent: String(state.canary.percent),
            },
            1,
          );
      }
    },
  });

  const token = env.METRICS_TOKEN;
  return {
    observe(_req, res, pathname) {
      const kind = kindOf(pathname);
      const stop = durations.startTimer({ kind });
      res.once('finish', () => {
        stop();
        requests.inc({ kind, status: String(res.statusCode) });
      });
    },
    served(choice) {
      for (const [remote, pick] of Object.entries(choice.releases ?? {}))
        releaseDocuments.inc({ remote, version: pick.version, channel: pick.channel });
    },
    cspViolation(directive, disposition) {
      cspViolations.inc({ directive, disposition });
    },
    cspReportRefused(reason) {
      cspRefused.inc({ reason });
    },
    canaryRolledBack(change) {
      canaryRollbacks.inc({ remote: change.remote, version: change.from ?? '' });
    },
    integrityRefused({ remote, version, file }) {
      integrityRefusals.inc({ remote, version: version ?? 'in-place', file: fileKind(file) });
    },
    paymentMonitorRan(findings) {
      for (const { kind } of findings) paymentAlerts.inc({ kind });
      paymentDifferences.set(findings.length);
      paymentLastRun.set(Date.now() / 1000);
    },
    watchReleases(read) {
      registryNow = read;
    },
    async serve(req, res) {
      if (token && !bearerMatches(req.headers.authorization, token)) {
        res.writeHead(401, {
          'Content-Type': 'text/plain; charset=utf-8',
          'WWW-Authenticate': 'Bearer',
        });
        res.end('metrics need Authorization: Bearer <METRICS_TOKEN>\n');
        return;
      }
      // This server's metrics (labelled with its app), then the process's.
      const body = `${await register.metrics()}\n${await processRegister.metrics()}`;
      res.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}
