/**
 * Trusted Types (docs/security.md, "Content-Security-Policy"): the site's policy says
 * `require-trusted-types-for 'script'`, so a string given to a script sink (`script.src`,
 * `innerHTML`, `eval`) is refused unless a policy made it. This module runs first in the host's
 * entry and makes the two policies the site's header names:
 * - `hypertek`: for the host's own code that knowingly makes a script URL or HTML (the page the
 *   server drew, kept and shown again while its remote loads). Rspack's chunk loading creates a
 *   policy of the same name in every app (`output.trustedTypes`, scripts/rspack/), hence
 *   `'allow-duplicates'` in the header.
 * - `default`: what the browser asks for a plain string in a sink. Needed because the federation
 *   runtime (`@module-federation/sdk`'s createScript: `script.src = url`) and the loaders of
 *   Stripe.js (`@stripe/stripe-js`) and Google's sign-in script set a script's `src` from a string,
 *   in code this site does not own. It lets through only script URLs of this origin, of the
 *   remotes this page was configured with, and of those two third parties; anything else (and any
 *   string of HTML or script) is refused, which the browser reports to the site's report endpoint.
 */

interface TrustedTypePolicyOptions {
  createHTML?: (input: string) => string;
  createScriptURL?: (input: string) => string | null;
}
interface TrustedTypePolicy {
  createHTML: (input: string) => unknown;
  createScriptURL: (input: string) => unknown;
}
interface TrustedTypePolicyFactory {
  createPolicy: (name: string, options: TrustedTypePolicyOptions) => TrustedTypePolicy;
}

/** The third parties' script addresses (prefixes) the product loads: card payments, sign-in. */
export const THIRD_PARTY_SCRIPTS = ['https://js.stripe.com/', 'https://accounts.google.com/gsi/'];

const allowedOrigins = new Set<string>();

/** The remotes' origins (from their manifests' addresses), whose scripts may be loaded. */
export function allowRemoteOrigins(remotes: Record<string, string>): void {
  for (const entry of Object.values(remotes)) {
    try {
      allowedOrigins.add(new URL(entry, window.location.href).origin);
    } catch {
      // Not an address: nothing to allow (the runtime reports the remote as failed).
    }
  }
}

/** Whether a script may be loaded from `url`: this origin, a configured remote, a known third party. */
export function scriptUrlAllowed(url: string, base = window.location.href): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
  if (parsed.origin === new URL(base).origin || allowedOrigins.has(parsed.origin)) return true;
  return THIRD_PARTY_SCRIPTS.some((prefix) => parsed.href.startsWith(prefix));
}

const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;

function checkedScriptUrl(url: string): string | null {
  if (scriptUrlAllowed(url)) return url;
  console.error(`[hypertek] trusted types: refused a script from ${url}`);
  return null;
}

/** The site's own policy (null in a browser without Trusted Types: strings are used as they are). */
const policy = factory?.createPolicy('hypertek', {
  createScriptURL: checkedScriptUrl,
  // Only for HTML this document already holds (the page the server drew, see prerender/snapshot.ts).
  createHTML: (html) => html,
});
factory?.createPolicy('default', { createScriptURL: checkedScriptUrl });

/**
 * A script address as the `hypertek` policy vouches for it, for code that sets a script's `src`
 * (a TrustedScriptURL; the string itself in a browser without Trusted Types). Throws for an
 * address the policy refuses (neither this origin, a configured remote, nor a known third party).
 */
export function trustedScriptUrl(url: string): string {
  // Checked here: a named policy's `null` gives an empty TrustedScriptURL rather than an error.
  if (!scriptUrlAllowed(url))
    throw new TypeError(`trusted types: ${url} is not a script this site loads`);
  return (policy?.createScriptURL(url) as string | undefined) ?? url;
}

/**
 * HTML this document's server drew, to show again as it was (React's `dangerouslySetInnerHTML`
 * takes a TrustedHTML as well as a string).
 */
export function serverDrawnHtml(html: string): string {
  return (policy?.createHTML(html) as string | undefined) ?? html;
}
