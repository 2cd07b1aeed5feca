// The payment pages' script inventory (docs/security.md, "The payment pages' scripts"): every
// script that may run on the checkout's pages, where its digest comes from, its owner and why it
// is there (PCI DSS v4.0 6.4.3), and the security headers those pages must carry. The list itself
// is inventory.json beside this file, for people and tools; this module reads it and judges what
// a page ran (the browser journey, e2e/tests/payment-inventory.ts) or serves (the monitor,
// monitor.ts) against it. One judgement for both, so the CI check and the monitor cannot disagree.
import inventoryJson from './inventory.json' with { type: 'json' };

/** Where a script's expected digest comes from. */
export type IntegritySource =
  /** Digests written in the inventory (inline scripts: a change is a reviewed change). */
  | { source: 'listed'; digests: string[] }
  /** The host's build that its server serves: the file at the same path. */
  | { source: 'host-build' }
  /** The release registry's recorded digest of the remote's file (server/src/releases/pins.ts). */
  | { source: 'registry' }
  /** None can be had; authorised by origin and address only, and `why`. */
  | { source: 'none'; why: string };

export interface InventoryScript {
  id: string;
  what: string;
  kind: 'inline' | 'file';
  /** 'self' (the site's origin), 'remote:<name>' (that remote's folder as configured), or an origin. */
  origin: string;
  // A file's path under its origin or remote folder: `*` is any run of characters but '/', and
  // `**` followed by '/' any folders (none included).
  path?: string;
  integrity: IntegritySource;
  owner: string;
  justification: string;
}

/** A security header the payment pages must carry. */
export interface HeaderRule {
  name: string;
  /** The exact value. */
  value?: string;
  /** For a policy: directives and the sources each must name (`'nonce-*'`: any nonce). */
  directives?: Record<string, string[]>;
  /** For a policy: sources a directive must not name. */
  forbidden?: Record<string, string[]>;
  /** For Strict-Transport-Security: the least max-age, in seconds. */
  minMaxAge?: number;
  /** Required only of pages served over https. */
  httpsOnly?: boolean;
  why: string;
}

export interface Inventory {
  reviewed: string;
  pages: { remote: string; paths: string[] };
  scripts: InventoryScript[];
  /**
   * The only entries a payment page loaded on its own may use (a visitor who came by a link
   * inside the site keeps the code the document already ran: the other remotes' entries).
   */
  directLoad: string[];
  headers: HeaderRule[];
}

/** The inventory, checked for shape once (a malformed entry would silently allow nothing or all). */
export const INVENTORY: Inventory = checkedInventory(inventoryJson as unknown as Inventory);

/** `inventory`, if every entry says what, who and why, and its digests can be checked. */
export function checkedInventory(inventory: Inventory): Inventory {
  const ids = new Set<string>();
  for (const script of inventory.scripts) {
    const where = `payment inventory: script "${script.id}"`;
    if (ids.has(script.id)) throw new Error(`${where} is listed twice`);
    ids.add(script.id);
    if (!script.owner || !script.justification || !script.what)
      throw new Error(`${where} needs what, owner and justification`);
    if (script.kind === 'file' && !script.path) throw new Error(`${where} is a file without path`);
    if (script.kind === 'inline' && script.integrity.source !== 'listed')
      throw new Error(`${where} is inline: its digests must be listed`);
    if (script.integrity.source === 'none' && !script.integrity.why)
      throw new Error(`${where} has no digest and must say why`);
    if (!/^(self|remote:[a-z][a-z0-9-]*|https:\/\/[a-z0-9.-]+)$/.test(script.origin))
      throw new Error(
        `${where} has an origin "${script.origin}" that is not self, remote:<name> or https://…`,
      );
  }
  for (const id of inventory.directLoad)
    if (!ids.has(id))
      throw new Error(`payment inventory: directLoad names "${id}", which is not listed`);
  return inventory;
}

/** A script a page ran or names: an inline script's text, or a file at an address. */
export type SeenScript =
  { inline: true; digest: string } | { inline: false; url: string; digest: string };

/** What the judgement needs to know of the site. */
export interface InventoryContext {
  /** The site's origin (`https://hypertek.example`). */
  siteOrigin: string;
  /** Each remote's folder as configured (beside its manifest), by name. */
  remoteBases: Record<string, string>;
  /** The digest of the host's build file at this path (`/static/js/main.x.js`), if it has one. */
  hostFile: (pathname: string) => string | undefined;
  /** The registry's recorded digest of a remote's file at this address, if any. */
  registryDigest: (url: string) => string | undefined;
}

/** A script's verdict: which entry allows it, or why none does. */
export type ScriptVerdict =
  { ok: true; id: string } | { ok: false; script: string; reason: string };

// A `path` glob as a pattern: `**` followed by '/' is any folders (or none), `*` any run of
// characters but '/'.
const globRegExp = (glob: string): RegExp =>
  new RegExp(
    `^${glob
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*\*\/|\*/g, (star) => (star === '*' ? '[^/]*' : '(?:.*/)?'))}$`,
  );

/** The path of `url` under the entry's origin or remote folder, or null when it is elsewhere. */
function pathUnder(entry: InventoryScript, url: URL, context: InventoryContext): string | null {
  if (entry.origin === 'self') return url.origin === context.siteOrigin ? url.pathname : null;
  if (entry.origin.startsWith('remote:')) {
    const base = context.remoteBases[entry.origin.slice('remote:'.length)];
    if (!base || !url.href.startsWith(base)) return null;
    // A release's files are under releases/<version>/ of the remote's folder.
    return url.pathname.slice(new URL(base).pathname.length).replace(/^releases\/[^/]+\//, '');
  }
  return url.origin === entry.origin ? url.pathname : null;
}

/** Whether `seen` is the script `entry` allows, with the digest its source expects. */
function judge(
  entry: InventoryScript,
  seen: SeenScript,
  context: InventoryContext,
): 'no' | { ok: true } | { ok: false; reason: string } {
  if (seen.inline) {
    if (entry.kind !== 'inline') return 'no';
    return entry.integrity.source === 'listed' && entry.integrity.digests.includes(seen.digest)
      ? { ok: true }
      : 'no';
  }
  if (entry.kind !== 'file' || !entry.path) return 'no';
  const url = new URL(seen.url);
  const path = pathUnder(entry, url, context);
  if (path === null || !globRegExp(entry.path).test(path)) return 'no';
  const expected = (() => {
    switch (entry.integrity.source) {
      case 'none':
        return null;
      case 'listed':
        return entry.integrity.digests;
      case 'host-build':
        return [context.hostFile(url.pathname)].filter((d): d is string => !!d);
      case 'registry':
        return [context.registryDigest(url.href)].filter((d): d is string => !!d);
    }
  })();
  if (expected === null) return { ok: true };
  if (expected.length === 0)
    return { ok: false, reason: `no recorded digest (${entry.integrity.source}) for it` };
  return expected.includes(seen.digest)
    ? { ok: true }
    : { ok: false, reason: `its bytes (${seen.digest}) are not the recorded ${expected[0]}` };
}

/** The inventory's verdict on one script a payment page ran or names. */
export function judgeScript(
  seen: SeenScript,
  context: InventoryContext,
  {
    inventory = INVENTORY,
    directLoad = false,
  }: {
    inventory?: Inventory;
    /** The script is on a payment page loaded on its own (the monitor's view, a direct visit). */
    directLoad?: boolean;
  } = {},
): ScriptVerdict {
  const script = seen.inline ? `an inline script (${seen.digest})` : seen.url;
  for (const entry of inventory.scripts) {
    const verdict = judge(entry, seen, context);
    if (verdict === 'no') continue;
    if (!verdict.ok) return { ok: false, script, reason: `${entry.id}: ${verdict.reason}` };
    if (directLoad && !inventory.directLoad.includes(entry.id))
      return {
        ok: false,
        script,
        reason: `${entry.id} may be in the document only after a link inside the site, not on a payment page loaded on its own`,
      };
    return { ok: true, id: entry.id };
  }
  return { ok: false, script, reason: 'not in the payment pages’ script inventory' };
}

/** The sources a policy's directive names, by directive (lower-cased names). */
export function policyDirectives(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What a header rule finds wrong with `value` (absent: null), or nothing. */
function headerProblem(rule: HeaderRule, value: string | null): string | null {
  if (value === null) return 'missing';
  if (rule.value !== undefined && value !== rule.value) return `"${value}", not "${rule.value}"`;
  if (rule.minMaxAge !== undefined) {
    const maxAge = Number(/max-age=(\d+)/i.exec(value)?.[1] ?? 0);
    if (maxAge < rule.minMaxAge) return `max-age ${maxAge} is below ${rule.minMaxAge}`;
  }
  const directives = policyDirectives(value);
  for (const [name, wanted] of Object.entries(rule.directives ?? {})) {
    const sources = directives.get(name);
    if (!sources) return `${name} is missing`;
    for (const source of wanted) {
      const matches =
        source === "'nonce-*'"
          ? sources.some((s) => /^'nonce-[A-Za-z0-9+/=_-]+'$/.test(s))
          : sources.includes(source);
      if (!matches) return `${name} does not name ${source}`;
    }
  }
  for (const [name, refused] of Object.entries(rule.forbidden ?? {}))
    for (const source of refused)
      if (directives.get(name)?.includes(source)) return `${name} names ${source}`;
  return null;
}

/**
 * What the payment page's headers lack of the inventory's rules: one line per problem
 * (`X-Frame-Options: missing`). `header(name)` reads one of the response's headers.
 */
export function headerProblems(
  header: (name: string) => string | null,
  https: boolean,
  inventory: Inventory = INVENTORY,
): string[] {
  return inventory.headers
    .filter((rule) => https || !rule.httpsOnly)
    .flatMap((rule) => {
      const problem = headerProblem(rule, header(rule.name));
      return problem ? [`${rule.name}: ${problem}`] : [];
    });
}
