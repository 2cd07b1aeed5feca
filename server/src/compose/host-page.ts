// The host's page as its build wrote it (`index.html`), made once at start into the two pages a
// navigation fills: the plain page (the splash; the app draws everything) and the drawn page (the
// server drew the route: the app starts after its first paint). Both get the runtime config inline
// and the first screen's fonts preloaded.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RuntimeConfig } from '../runtime-config.js';
import type { ReleaseChoice, ReleasePick } from '../releases/routing.js';
import {
  BOOT_SCRIPT,
  escapeAttribute,
  fillable,
  firstScreenFonts,
  inlineStyle,
  NONCE,
  scriptJson,
  withNonce,
} from './html.js';
import type { Fillable } from './html.js';

/** What a navigation's runtime config says of releases: which one of each remote it loads. */
export type Releases = Record<string, ReleasePick> | undefined;
/**
 * A navigation's remotes as its runtime config gives them: each one's manifest, which release it
 * is, and the digests its files must match (docs/security.md, "Integrity of remotes").
 */
export type ConfigChoice = Pick<
  ReleaseChoice,
  'remotes' | 'releases' | 'integrity' | 'allowUnpinnedRemotes'
>;

export interface HostPage {
  /** The build's own title and description: the head of a path nobody describes. */
  builtHead: string;
  /** The page the app draws (its splash), to fill with a head. */
  plainPage: Fillable;
  /** The page the server drew: the stylesheets inline, the app started after the first paint. */
  drawnPage: Fillable;
  /** The Latin faces of the site's fonts, preloaded on every page. */
  fontPreloads: string;
  /**
   * The runtime config inline, with the remotes' manifests of this navigation, which release of
   * each it is (`releases`: version and channel, for the host's failure reports) and their digests.
   */
  configScript: (choice: ConfigChoice) => string;
}

export async function readHostPage(
  root: string,
  config: Pick<RuntimeConfig, 'remotes'>,
): Promise<HostPage> {
  const indexHtml = await readFile(join(root, 'index.html'), 'utf8');
  let lastConfig: { choice: ConfigChoice | null; script: string } = {
    choice: null,
    script: '',
  };
  const configScript = (choice: ConfigChoice) => {
    if (lastConfig.choice !== choice)
      lastConfig = {
        choice,
        script: `<script type="application/json" id="runtime-config">${scriptJson(runtimeConfigOf(config, choice))}</script>`,
      };
    return lastConfig.script;
  };
  // The host's stylesheets, read once: their font faces are preloaded on every page, and a drawn
  // page carries them inline (nothing to fetch before its first paint).
  const stylesheets = await Promise.all(
    [...indexHtml.matchAll(/<link[^>]+href="(\/[^"]+\.css)"[^>]*rel="stylesheet"[^>]*>/g)].map(
      async ([tag, href = '']) => ({
        tag,
        href,
        css: await readFile(join(root, href), 'utf8').catch(() => null),
      }),
    ),
  );
  const fontPreloads = firstScreenFonts(stylesheets)
    .map(
      (href) =>
        `<link rel="preload" as="font" type="font/woff2" href="${escapeAttribute(href)}" crossorigin>`,
    )
    .join('');

  // The build's own title and description are the fallback of a path nobody describes; every
  // other page gets its own (pageHeadTags).
  const builtTags = [
    ...indexHtml.matchAll(/<title>[^<]*<\/title>|<meta name="description"[^>]*>/g),
  ].map(([tag]) => tag);
  let baseHtml = indexHtml;
  for (const tag of builtTags) baseHtml = baseHtml.replace(tag, '');
  // A drawn page starts the app after its first paint (BOOT_SCRIPT): the entry's `<script defer>`
  // becomes a preload that the boot script turns into a script. Made once, filled per request.
  const entryScripts = [...baseHtml.matchAll(/<script defer src="([^"]+)"><\/script>/g)];
  let drawnHtml = baseHtml;
  for (const [tag] of entryScripts) drawnHtml = drawnHtml.replace(tag, '');
  // The build's own scripts and styles run with each response's nonce (html.ts, NONCE_MARK).
  drawnHtml = withNonce(drawnHtml);
  for (const { tag, href, css } of stylesheets)
    if (css !== null) drawnHtml = drawnHtml.replace(tag, inlineStyle(css, `http://x${href}`, true));
  drawnHtml = drawnHtml.replace(
    '</head>',
    `${entryScripts.map(([, src = '']) => `<link rel="preload" as="script" href="${escapeAttribute(src)}"${NONCE} data-boot>`).join('')}${BOOT_SCRIPT}</head>`,
  );
  return {
    builtHead: builtTags.join(''),
    plainPage: fillable(withNonce(baseHtml)),
    drawnPage: fillable(drawnHtml),
    fontPreloads,
    configScript,
  };
}

/** The runtime config of a navigation: the site's, with this visitor's remotes and their pins. */
export function runtimeConfigOf<T extends object>(config: T, choice: ConfigChoice) {
  return {
    ...config,
    remotes: choice.remotes,
    ...(choice.releases ? { releases: choice.releases } : {}),
    integrity: choice.integrity ?? {},
    ...(choice.allowUnpinnedRemotes ? { allowUnpinnedRemotes: true } : {}),
  };
}
