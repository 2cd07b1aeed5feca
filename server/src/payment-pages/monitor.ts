// The payment-page monitor (docs/security.md, "The payment-page monitor"; PCI DSS v4.0 11.6.1):
// loads each live payment page as a browser receives it (through the public address, the proxy
// and any CDN in front), and compares what it gets with what was released:
// - the page's security headers with the inventory's rules and with what this server's
//   configuration sends (its nonce aside);
// - every script the page runs or names (inline, `<script src>`, script preloads) with the
//   inventory: an unlisted script, or listed bytes that differ from their recorded digest;
// - every script file of the checkout's release the page uses (fetched whether or not the first
//   view needs it: the card form's chunks load later) with the registry's recorded digest.
// Any difference is an alert: a log line, a metric and, for the command, a non-zero exit.
import { MANIFEST_FILE, sri } from '../releases/pins.js';
import type { PinSource } from '../releases/pins.js';
import {
  headerProblems,
  INVENTORY,
  judgeScript,
  type Inventory,
  type InventoryContext,
  type SeenScript,
} from './inventory.js';
import { namedScripts, runtimeConfigIn } from './page-scripts.js';

/** One difference between what the site serves and what was released. */
export interface Finding {
  /** The payment page's path, or the remote's release files (`checkout release`). */
  page: string;
  kind: 'page' | 'header' | 'script';
  detail: string;
}

export interface MonitorReport {
  findings: Finding[];
  pages: number;
  /** Distinct script addresses and inline scripts checked. */
  scripts: number;
}

export interface MonitorOptions {
  /** Where visitors reach the site (`SITE_URL`; through the proxy in production). */
  site: string;
  /** Each remote's manifest as configured. */
  remotes: Record<string, string>;
  /** The registry's digests (the same source the host's server pins remotes with). */
  pins: Pick<PinSource, 'digestOf' | 'releaseFiles'>;
  /** The digest of the host's build file at a path, if it has one. */
  hostFile: (pathname: string) => string | undefined;
  /** The document headers this server's configuration sends, for a nonce; none: not compared. */
  expectedHeaders?: ((nonce: string) => Record<string, string>) | undefined;
  inventory?: Inventory;
  fetch?: typeof fetch;
  /** Per request, in milliseconds. */
  timeoutMs?: number;
}

const NONCE = /'nonce-([^']+)'/;

/** What the inventory's judgement needs to know of the site the monitor's options name. */
export function inventoryContext(
  options: Pick<MonitorOptions, 'site' | 'remotes' | 'pins' | 'hostFile'>,
): InventoryContext {
  return {
    siteOrigin: new URL(options.site).origin,
    remoteBases: Object.fromEntries(
      Object.entries(options.remotes).map(([name, manifest]) => [
        name,
        new URL('.', manifest).href,
      ]),
    ),
    hostFile: options.hostFile,
    registryDigest: (url) => options.pins.digestOf(url),
  };
}

/**
 * Checks every payment page of the inventory once. Never throws for what the site answers: an
 * unreachable page or file is a finding.
 */
export async function checkPaymentPages(options: MonitorOptions): Promise<MonitorReport> {
  const inventory = options.inventory ?? INVENTORY;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const site = new URL(options.site);
  const findings: Finding[] = [];
  const context = inventoryContext(options);
  /** Each address's digest, fetched once per run (every page names the host's entry). */
  const digests = new Map<string, Promise<string | Error>>();
  const digestAt = (url: string) => {
    let digest = digests.get(url);
    if (!digest) {
      digest = doFetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' })
        .then(async (response) => {
          if (response.status !== 200) return new Error(`answered ${response.status}`);
          return sri(new Uint8Array(await response.arrayBuffer()));
        })
        .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
      digests.set(url, digest);
    }
    return digest;
  };
  const judged = new Set<string>();
  const judge = (page: string, seen: SeenScript, directLoad: boolean) => {
    judged.add(seen.inline ? seen.digest : seen.url);
    const verdict = judgeScript(seen, context, { inventory, directLoad });
    if (!verdict.ok)
      findings.push({ page, kind: 'script', detail: `${verdict.script}: ${verdict.reason}` });
  };
  /** The manifest each remote's scripts came from on the pages: which release visitors get. */
  const manifests = new Map<string, string>();

  for (const path of inventory.pages.paths) {
    const url = new URL(path, site).href;
    let response: Response;
    let html: string;
    try {
      response = await doFetch(url, {
        headers: {
          accept: 'text/html,application/xhtml+xml',
          'user-agent': 'HyperTekPaymentMonitor/1',
        },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      html = await response.text();
    } catch (error) {
      findings.push({
        page: path,
        kind: 'page',
        detail: `unreachable: ${(error as Error).message}`,
      });
      continue;
    }
    if (response.status !== 200) {
      findings.push({ page: path, kind: 'page', detail: `answered ${response.status}, not 200` });
      continue;
    }
    const header = (name: string) => response.headers.get(name);
    for (const problem of headerProblems(header, site.protocol === 'https:', inventory))
      findings.push({ page: path, kind: 'header', detail: problem });
    if (options.expectedHeaders) {
      const policy =
        header('content-security-policy') ?? header('content-security-policy-report-only');
      const expected = options.expectedHeaders(NONCE.exec(policy ?? '')?.[1] ?? '');
      for (const [name, value] of Object.entries(expected)) {
        const got = header(name);
        if (got !== value)
          findings.push({
            page: path,
            kind: 'header',
            detail: `${name}: ${got === null ? 'missing' : `"${got}"`}, not as configured "${value}"`,
          });
      }
    }
    for (const named of namedScripts(html, url)) {
      if (named.inline) {
        judge(path, { inline: true, digest: sri(named.text) }, true);
        continue;
      }
      const digest = await digestAt(named.url);
      if (digest instanceof Error)
        findings.push({ page: path, kind: 'script', detail: `${named.url}: ${digest.message}` });
      else judge(path, { inline: false, url: named.url, digest }, true);
    }
    for (const [remote, manifest] of Object.entries(runtimeConfigIn(html)?.remotes ?? {}))
      if (!manifests.has(remote)) manifests.set(remote, manifest);
  }

  // Every script file of the releases the inventory names (`remote:<name>`), not only the first
  // view's: the card form's chunks load on demand, and would run unchecked by this monitor.
  for (const script of inventory.scripts) {
    if (!script.origin.startsWith('remote:')) continue;
    const remote = script.origin.slice('remote:'.length);
    const where = `${remote} release`;
    const manifest = manifests.get(remote) ?? options.remotes[remote];
    const release = manifest ? options.pins.releaseFiles(manifest) : null;
    if (!manifest || !release || release.remote !== remote) {
      findings.push({
        page: where,
        kind: 'script',
        detail: `${manifest ?? remote}: not a release the registry recorded`,
      });
      continue;
    }
    const files = Object.keys(release.files).filter((file) => {
      const { pathname } = new URL(file);
      return pathname.endsWith('.js') || pathname.endsWith(`/${MANIFEST_FILE}`);
    });
    for (const file of files) {
      const digest = await digestAt(file);
      if (digest instanceof Error)
        findings.push({ page: where, kind: 'script', detail: `${file}: ${digest.message}` });
      else if (file.endsWith(MANIFEST_FILE)) {
        if (digest !== release.files[file])
          findings.push({
            page: where,
            kind: 'script',
            detail: `${file}: its bytes (${digest}) are not the recorded ${release.files[file]}`,
          });
      } else judge(where, { inline: false, url: file, digest }, false);
    }
  }
  return { findings, pages: inventory.pages.paths.length, scripts: judged.size };
}

/** The monitor's lines: each finding as an alert, then one summary line. */
export function reportLines(report: MonitorReport): string[] {
  const alerts = report.findings.map(
    (finding) => `ALERT ${finding.page} ${finding.kind}: ${finding.detail}`,
  );
  const summary = `${report.pages} payment pages and ${report.scripts} scripts checked against the inventory and the registry: ${
    report.findings.length === 0
      ? 'no difference'
      : `${report.findings.length} difference${report.findings.length === 1 ? '' : 's'}`
  }`;
  return [...alerts, summary];
}
