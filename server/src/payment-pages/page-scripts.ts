// What scripts an HTML page runs or names, read from the page as the server sent it (the monitor
// has no browser): inline scripts that run, `<script src>`, and script preloads (a preloaded
// script is what the boot script then runs: `link[data-boot]`). JSON data scripts never run.

/** A script a page names: its text, or its address (absolute). */
export type NamedScript = { inline: true; text: string } | { inline: false; url: string };

const decode = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A tag's attributes by lower-cased name (`''` for one without a value). */
export function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  const body = tag.replace(/^<[a-z]+/i, '').replace(/\/?>$/, '');
  for (const [, name = '', quoted, single, bare] of body.matchAll(
    /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
  ))
    if (!attributes.has(name.toLowerCase()))
      attributes.set(name.toLowerCase(), decode(quoted ?? single ?? bare ?? ''));
  return attributes;
}

/** Whether a `<script type>` runs: classic (no type or a JavaScript type) or a module. */
const runs = (type: string | undefined): boolean =>
  type === undefined ||
  /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/jscript|text\/livescript)$/i.test(
    type.trim(),
  );

/** Every script `html` (served at `pageUrl`) runs or names, in document order. */
export function namedScripts(html: string, pageUrl: string): NamedScript[] {
  const named: NamedScript[] = [];
  for (const match of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script\s*>|<link\b[^>]*>/gi)) {
    const [whole, text] = match;
    const tag = /^<[^>]*>/.exec(whole)?.[0] ?? whole;
    const attributes = attributesOf(tag);
    if (whole.slice(1, 5).toLowerCase() === 'link') {
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const script =
        rel.includes('modulepreload') ||
        (rel.includes('preload') && attributes.get('as')?.toLowerCase() === 'script');
      const href = attributes.get('href');
      if (script && href) named.push({ inline: false, url: new URL(href, pageUrl).href });
      continue;
    }
    if (!runs(attributes.get('type'))) continue;
    const src = attributes.get('src');
    if (src !== undefined) named.push({ inline: false, url: new URL(src, pageUrl).href });
    else named.push({ inline: true, text: text ?? '' });
  }
  return named;
}

/** The runtime configuration a page carries (`<script type="application/json" id="runtime-config">`). */
export function runtimeConfigIn(html: string): { remotes?: Record<string, string> } | null {
  const match = /<script\b[^>]*\bid="runtime-config"[^>]*>([\s\S]*?)<\/script\s*>/i.exec(html);
  if (!match) return null;
  try {
    return JSON.parse(match[1] ?? '') as { remotes?: Record<string, string> };
  } catch {
    return null;
  }
}
