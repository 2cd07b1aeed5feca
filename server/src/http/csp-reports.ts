// The Content-Security-Policy's report endpoint (`POST /_csp-report`, docs/security.md): what
// browsers send when the policy blocked (or, report-only, would have blocked) something. Both
// formats browsers use: `application/csp-report` (the policy's `report-uri`, one report) and
// `application/reports+json` (the Reporting API's `report-to`, a list). Bounded body, rate-limited
// per address, each violation counted in the metrics by directive, and one log line per kind of
// violation (directive and blocked source), not per report: a page that breaks for everyone would
// otherwise write a line per visitor.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CSP_REPORT_PATH } from './headers.js';

/** A report is ~1 kB; a Reporting API batch holds a few. */
export const MAX_REPORT_BYTES = 16 * 1024;
/** Reports accepted per address and minute (`CSP_REPORTS_PER_MINUTE`). */
const DEFAULT_PER_MINUTE = 60;
/** Addresses remembered for the rate limit, and kinds of violation remembered for the log. */
const MAX_TRACKED = 10_000;

const CONTENT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'];

/** Directive names as the metrics label them (any other name is `other`: labels stay bounded). */
const DIRECTIVES = new Set([
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'child-src',
  'worker-src',
  'manifest-src',
  'media-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'require-trusted-types-for',
  'trusted-types',
]);

/** One violation, as the metrics and the log read it. */
export interface Violation {
  directive: string;
  blocked: string;
  document: string;
  disposition: string;
}

/** Why a report was refused (a metric label). */
export type Refusal = 'too-large' | 'rate-limited' | 'malformed' | 'media-type';

export interface CspReportCounters {
  cspViolation: (directive: string, disposition: string) => void;
  cspReportRefused: (reason: Refusal) => void;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A blocked source as a kind: an address's origin (its path may name a visitor), or a keyword. */
function blockedKind(blocked: string): string {
  try {
    const url = new URL(blocked);
    return url.origin === 'null' ? url.protocol.replace(/:$/, '') : url.origin;
  } catch {
    return blocked.slice(0, 40) || 'inline';
  }
}

/** The violations in a report body (either format), or null when it is not a report. */
export function parseReports(body: unknown): Violation[] | null {
  // `report-uri`: { "csp-report": { "effective-directive", "blocked-uri", … } }
  if (isObject(body) && isObject(body['csp-report'])) {
    const report = body['csp-report'];
    const directive = text(report['effective-directive']) || text(report['violated-directive']);
    if (!directive) return null;
    return [
      {
        directive: directive.split(' ')[0] ?? directive,
        blocked: text(report['blocked-uri']),
        document: text(report['document-uri']),
        disposition: text(report.disposition) || 'enforce',
      },
    ];
  }
  // `report-to`: [{ "type": "csp-violation", "body": { "effectiveDirective", "blockedURL", … } }]
  if (Array.isArray(body)) {
    const violations: Violation[] = [];
    for (const entry of body as unknown[]) {
      if (!isObject(entry) || !isObject(entry.body)) return null;
      if (entry.type !== 'csp-violation') continue; // other report types are not ours to count
      const report = entry.body;
      const directive = text(report.effectiveDirective);
      if (!directive) return null;
      violations.push({
        directive,
        blocked: text(report.blockedURL),
        document: text(report.documentURL) || text(entry.url),
        disposition: text(report.disposition) || 'enforce',
      });
    }
    return violations;
  }
  return null;
}

/** The client's address: the socket's, or behind a trusted proxy (`TRUST_PROXY`) the first forwarded. */
function addressOf(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string') {
    const first = forwarded.split(',')[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/** The report endpoint of one web server. */
export function createCspReports({
  counters,
  log,
  env = process.env,
  now = Date.now,
}: {
  counters: CspReportCounters;
  log: (line: string) => void;
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}): {
  handles: (pathname: string) => boolean;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
} {
  const perMinute = Number(env.CSP_REPORTS_PER_MINUTE ?? DEFAULT_PER_MINUTE);
  if (!Number.isInteger(perMinute) || perMinute < 1)
    throw new Error(
      `CSP_REPORTS_PER_MINUTE="${env.CSP_REPORTS_PER_MINUTE}": a whole number of reports, 1 or more`,
    );
  const trustProxy = env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1';
  /** Reports per address in the current minute (a fixed window per address). */
  const windows = new Map<string, { start: number; count: number }>();
  const seenKinds = new Set<string>();

  const answer = (res: ServerResponse, status: number, message?: string, extra = {}) => {
    if (message === undefined) {
      res.writeHead(status, { 'Cache-Control': 'no-store', ...extra });
      res.end();
      return;
    }
    res.writeHead(status, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
      ...extra,
    });
    res.end(`${message}\n`);
  };
  const refuse = (res: ServerResponse, status: number, reason: Refusal, message: string) => {
    counters.cspReportRefused(reason);
    // The rest of a refused body is not read: close the connection rather than drain it.
    answer(res, status, message, {
      Connection: 'close',
      ...(status === 429 && { 'Retry-After': '60' }),
    });
  };

  const allowed = (address: string): boolean => {
    const at = now();
    let window = windows.get(address);
    if (!window || at - window.start >= 60_000) {
      windows.delete(address);
      if (windows.size >= MAX_TRACKED) windows.delete(windows.keys().next().value ?? '');
      window = { start: at, count: 0 };
      windows.set(address, window);
    }
    window.count += 1;
    return window.count <= perMinute;
  };

  const record = (violations: Violation[]) => {
    for (const violation of violations) {
      const directive = DIRECTIVES.has(violation.directive) ? violation.directive : 'other';
      counters.cspViolation(directive, violation.disposition === 'report' ? 'report' : 'enforce');
      const kind = `${violation.directive} ${blockedKind(violation.blocked)}`;
      if (seenKinds.has(kind)) continue;
      if (seenKinds.size >= MAX_TRACKED) seenKinds.clear();
      seenKinds.add(kind);
      let page = '';
      try {
        page = new URL(violation.document).pathname;
      } catch {
        // no document address: nothing to say of it
      }
      log(
        `csp: ${violation.disposition === 'report' ? 'would block' : 'blocked'} ${blockedKind(violation.blocked)} by ${violation.directive.slice(0, 40)}${page ? ` on ${page.slice(0, 100)}` : ''} (first of its kind)`,
      );
    }
  };

  return {
    handles: (pathname) => pathname === CSP_REPORT_PATH,
    handle(req, res) {
      if (req.method !== 'POST') {
        answer(res, 405, 'Reports are sent with POST', { Allow: 'POST' });
        return;
      }
      if (!allowed(addressOf(req, trustProxy))) {
        refuse(res, 429, 'rate-limited', 'Too many reports from this address; try again later');
        return;
      }
      const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (!CONTENT_TYPES.includes(type)) {
        refuse(res, 415, 'media-type', `Send ${CONTENT_TYPES.slice(0, 2).join(' or ')}`);
        return;
      }
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > MAX_REPORT_BYTES) {
        refuse(res, 413, 'too-large', `A report has at most ${MAX_REPORT_BYTES} bytes`);
        return;
      }
      const chunks: Buffer[] = [];
      let bytes = 0;
      let done = false;
      req.on('data', (chunk: Buffer) => {
        if (done) return;
        bytes += chunk.length;
        if (bytes > MAX_REPORT_BYTES) {
          done = true;
          // The rest is not kept (the answer closes the connection).
          refuse(res, 413, 'too-large', `A report has at most ${MAX_REPORT_BYTES} bytes`);
          return;
        }
        chunks.push(chunk);
      });
      req.on('error', () => {
        done = true; // the browser went away: nothing to answer
      });
      req.on('end', () => {
        if (done) return;
        done = true;
        let violations: Violation[] | null = null;
        try {
          violations = parseReports(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        } catch {
          violations = null;
        }
        if (violations === null) {
          refuse(
            res,
            400,
            'malformed',
            'Not a CSP report (application/csp-report or reports+json)',
          );
          return;
        }
        record(violations);
        answer(res, 204);
      });
    },
  };
}
