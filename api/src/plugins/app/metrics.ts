/**
 * Prometheus metrics (prom-client), served by `GET /metrics` (routes/metrics.ts):
 * - `hypertek_api_http_requests_total{method,route,status}` and
 *   `hypertek_api_http_request_duration_seconds{method,route}`: every answer, by the matched
 *   route's template (`/api/v1/search/item/:id`; `unmatched` when no route matched), never the
 *   address as sent; `/metrics` itself is left out;
 * - `hypertek_payments_total{outcome}`: card payments' outcomes (PAYMENT_OUTCOMES);
 * - `hypertek_remote_reports_total{remote,version,channel,outcome,stage}`: release reports stored
 *   for the first time (visitors per outcome of a release; `stage` is `none` for a load);
 * - the process's own (`hypertek_api_process_*`, `hypertek_api_nodejs_*`: CPU, memory, event
 *   loop lag, garbage collection), prom-client's default metrics.
 *
 * Each app has its own registry (tests build many apps in one process; prom-client's global
 * registry is never used). The process's metrics are one set per process, made with the first
 * app and shared by every app after it: they describe the process, and prom-client's collectors
 * (an event loop delay monitor, a garbage collection observer) cannot be stopped, so making them
 * once leaves nothing running per app after `app.close()` (they do not keep a process alive).
 */
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import type { PaymentOutcome } from '../../lib/payments/payment-service';
import { PAYMENT_OUTCOMES } from '../../lib/payments/payment-service';
import type {
  ReleaseChannel,
  ReleaseRemote,
  ReportOutcome,
} from '../../repositories/release-reports-repository';

/** Where Prometheus scrapes (at the root, beside /healthz). */
export const METRICS_PATH = '/metrics';
/** The route label of an answer no route matched (404s): one series, whatever the address. */
export const UNMATCHED_ROUTE = 'unmatched';
/** Request durations from 1 ms to 5 s (and above: `+Inf`). */
export const DURATION_BUCKETS = [
  0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5,
];

export interface ReleaseReportLabels {
  remote: ReleaseRemote;
  version: string;
  channel: ReleaseChannel;
  outcome: ReportOutcome;
  /** `load`, `render`, or `none` for a load. */
  stage: string;
}

export interface Metrics {
  /** This app's metrics (not the process's). */
  readonly registry: Registry;
  /** The exposition text of this app's and the process's metrics. */
  text(): Promise<string>;
  /** Prometheus's text format: what `text()` is. */
  readonly contentType: string;
  /** Counts an answer (the hook does it for every routed one; app.ts for the router's refusals). */
  request(method: string, route: string, statusCode: number, seconds: number): void;
  payment(outcome: PaymentOutcome): void;
  releaseReport(labels: ReleaseReportLabels): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

let processRegistry: Registry | null = null;
/** CPU, memory, event loop and GC of this process: made once, with the first app. */
function processMetrics(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'hypertek_api_' });
  }
  return processRegistry;
}

export default fp(
  async (fastify) => {
    const registry = new Registry();
    const requests = new Counter({
      name: 'hypertek_api_http_requests_total',
      help: 'HTTP requests answered, by method, route template (unmatched: no route) and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'hypertek_api_http_request_duration_seconds',
      help: 'Time from receiving a request to sending its answer, by method and route template',
      labelNames: ['method', 'route'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    const payments = new Counter({
      name: 'hypertek_payments_total',
      help: 'Card payment outcomes: succeeded (purchase recorded), declined, refused, unavailable',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
    // Every outcome from zero, so that rates and alerts work before the first of each.
    for (const outcome of PAYMENT_OUTCOMES) payments.inc({ outcome }, 0);
    const reports = new Counter({
      name: 'hypertek_remote_reports_total',
      help: "Visitors who reported a remote's release loaded or failed (each counted once per outcome)",
      labelNames: ['remote', 'version', 'channel', 'outcome', 'stage'] as const,
      registers: [registry],
    });
    // Merged at each scrape: what a later plugin registers here (the live stream's) is served too.
    const exposed = () => Registry.merge([processMetrics(), registry]);

    // The labelled series of each method, route and status, looked up once (a hook per request
    // costs throughput: no label hashing per answer).
    const series = new Map<string, { count: Counter.Internal; time: Histogram.Internal<string> }>();
    const request = (method: string, route: string, statusCode: number, seconds: number) => {
      const status = String(statusCode);
      const key = `${method} ${status} ${route}`;
      let entry = series.get(key);
      if (entry === undefined) {
        entry = {
          count: requests.labels({ method, route, status }),
          time: durations.labels({ method, route }),
        };
        series.set(key, entry);
      }
      entry.count.inc();
      entry.time.observe(seconds);
    };
    fastify.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? UNMATCHED_ROUTE;
      if (route !== METRICS_PATH)
        request(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });

    fastify.decorate('metrics', {
      registry,
      contentType: registry.contentType,
      text: () => exposed().metrics(),
      request,
      payment: (outcome) => payments.inc({ outcome }),
      releaseReport: (labels) => reports.inc({ ...labels }),
    } satisfies Metrics);
  },
  { name: 'metrics' },
);
