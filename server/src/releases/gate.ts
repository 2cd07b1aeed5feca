// The compatibility gate: a release that cannot work in the live host is refused before any
// visitor loads it, with a message that names what does not fit. Checked on `promote`:
// - every shared singleton the release needs (its manifest's `shared`: React, React DOM, React
//   Router, TanStack Query, the @hypertek/shared contract) is provided by the host at a version
//   its required range accepts (a singleton mismatch only warns at run time, then breaks with
//   "Invalid hook call");
// - every page the host routes to this remote is exposed by the release.
// The host's facts come from its build: `release-host.json` (the versions it provides, written by
// its build) and `prerender/frames.json` (its route table), read from the host's server at
// SITE_URL, else from the host's build folder in this checkout.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../apps.mjs';
import type { Release } from './registry.js';

type Triple = [number, number, number];
const parse = (version: string): Triple | null => {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
};
const compare = (a: Triple, b: Triple) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** What the live host provides (shared singletons by name) and routes (remote and page). */
export interface HostFacts {
  shared: Record<string, string>;
  routes: { remote: string; module: string }[];
}
/** What the gate reads of a release: its remote, the singletons it shares, the pages it exposes. */
export interface ReleaseNeeds {
  remote: string;
  manifest: {
    shared: { name: string; requiredVersion?: string | undefined; singleton: boolean }[];
    exposes: string[];
  };
}
/** What the host's build writes of its routes (host/src/prerender/frames.tsx): the part read here. */
interface FramesRoutes {
  routes?: Record<string, { remote: string; module: string }>;
  patterns?: { remote?: string; module: string }[];
}

/**
 * Does `version` satisfy `range`? The ranges the builds write: `^x.y.z` (same major, or the same
 * minor below 1.0), `x.y.z`, `>=x.y.z`, `*`. Anything else is not understood: not satisfied.
 */
export function satisfies(version: string, range: string | undefined): boolean {
  const v = parse(version);
  if (!v) return false;
  const text = (range ?? '*').trim();
  if (text === '*' || text === '') return true;
  const m = /^(\^|>=|=)?\s*(\d+\.\d+\.\d+)$/.exec(text);
  if (!m) return false;
  const r = parse(m[2] ?? '');
  if (!r) return false;
  if (m[1] === '>=') return compare(v, r) >= 0;
  if (m[1] !== '^') return compare(v, r) === 0;
  if (compare(v, r) < 0) return false;
  return r[0] > 0 ? v[0] === r[0] : v[0] === 0 && v[1] === r[1];
}

/**
 * What does not fit between `release` (its release.json) and the host's `facts`
 * ({ shared: { name: version }, routes: [{ remote, module }] }). Empty when it fits.
 */
export function incompatibilities(release: ReleaseNeeds, facts: HostFacts): string[] {
  const problems: string[] = [];
  for (const need of release.manifest.shared) {
    if (!need.singleton) continue;
    // `react/jsx-runtime` is provided with `react` (the host shares `react/` subpaths).
    const packageName = need.name
      .split('/')
      .slice(0, need.name.startsWith('@') ? 2 : 1)
      .join('/');
    const provided = facts.shared[need.name] ?? facts.shared[packageName];
    if (provided === undefined)
      problems.push(`${need.name}: the release shares it, the host does not provide it`);
    else if (!satisfies(provided, need.requiredVersion))
      problems.push(
        `${need.name}: the release needs ${need.requiredVersion ?? '*'}, the live host provides ${provided}`,
      );
  }
  const exposed = new Set(release.manifest.exposes.map((e) => e.replace(/^\.\//, '')));
  const missing = [
    ...new Set(
      facts.routes
        .filter((r) => r.remote === release.remote && !exposed.has(r.module))
        .map((r) => r.module),
    ),
  ];
  if (missing.length > 0)
    problems.push(
      `pages: the host routes to ${missing.join(', ')} of ${release.remote}, which the release does not expose`,
    );
  return problems;
}

/** The host's facts from its frames and release-host.json (as published by its build). */
export function hostFactsFrom(
  frames: FramesRoutes,
  host: { shared?: Record<string, string> },
): HostFacts {
  const routes = [
    ...Object.values(frames.routes ?? {}),
    ...(frames.patterns ?? []).flatMap(({ remote, module }) =>
      remote ? [{ remote, module }] : [],
    ),
  ].map(({ remote, module }) => ({ remote, module }));
  return { shared: host.shared ?? {}, routes };
}

/** The live host's facts: from its server at `SITE_URL`, else from this checkout's host build. */
export async function loadHostFacts(env: NodeJS.ProcessEnv = process.env): Promise<HostFacts> {
  if (env.SITE_URL) {
    const base = env.SITE_URL.replace(/\/+$/, '');
    const get = async <T>(path: string): Promise<T> => {
      const response = await fetch(base + path, { signal: AbortSignal.timeout(5_000) });
      if (!response.ok) throw new Error(`${base + path} answered ${response.status}`);
      return (await response.json()) as T;
    };
    return hostFactsFrom(
      await get<FramesRoutes>('/prerender/frames.json'),
      await get<{ shared?: Record<string, string> }>('/release-host.json'),
    );
  }
  return hostFactsOf(join(repoRoot, 'host', 'dist'));
}

/** The host's facts from its build folder (`root`): the live host is this server, or this checkout. */
export function hostFactsOf(root: string): HostFacts {
  try {
    const read = (path: string): unknown => JSON.parse(readFileSync(join(root, path), 'utf8'));
    return hostFactsFrom(
      read('prerender/frames.json') as FramesRoutes,
      read('release-host.json') as { shared?: Record<string, string> },
    );
  } catch (error) {
    throw new Error(
      `the host's build cannot be read (${(error as Error).message}): build the host, or set SITE_URL to the live site`,
    );
  }
}

/** Throws, naming every problem, when `release` does not fit the host (`facts`). */
export function assertCompatible(
  release: ReleaseNeeds & Pick<Release, 'version'>,
  facts: HostFacts,
): void {
  const problems = incompatibilities(release, facts);
  if (problems.length > 0)
    throw new Error(
      `${release.remote} ${release.version} cannot work in the live host, refused:\n  - ${problems.join('\n  - ')}`,
    );
}
