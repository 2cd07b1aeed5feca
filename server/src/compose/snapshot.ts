// What a remote publishes of a page for the host's server: its snapshot (the page drawn at build
// time, headed by the reads it makes when it opens) and, in its federation manifest, the scripts
// and stylesheet the page needs.

/** At most this many images are preloaded for a page (the first screen's, not a whole list). */
const MAX_IMAGE_PRELOADS = 8;

/** A snapshot's parts: the reads it declares, how many images of the first it shows, its HTML. */
export interface SnapshotParts {
  fetches: string[];
  images: number;
  html: string;
}

/**
 * The API reads a drawn page makes when it opens, declared by its snapshot's first line
 * (`<!--preload-fetch:["/land/getland?limit=19"]-->`, written by scripts/rspack/prerender.mjs):
 * the composed page asks for them at once, in parallel with the scripts, and the app's request
 * finds the answer already there. Returns the paths and the snapshot without its header.
 */
export function snapshotParts(snapshot: string): SnapshotParts {
  const header = /^<!--preload-fetch:(\[.*?\])-->/.exec(snapshot);
  if (!header) return { fetches: [], images: 0, html: snapshot };
  let fetches: string[] = [];
  try {
    const paths: unknown = JSON.parse(header[1] ?? '');
    if (Array.isArray(paths))
      fetches = paths.filter(
        (path): path is string => typeof path === 'string' && /^\/[^/\\]/.test(path),
      );
  } catch {
    // A header that is not JSON declares nothing.
  }
  let html = snapshot.slice(header[0].length);
  // Optionally, how many of the first read's items show their art on the first screen.
  const images = /^<!--preload-images:(\d{1,2})-->/.exec(html);
  if (images) html = html.slice(images[0].length);
  return { fetches, images: images ? Math.min(Number(images[1]), MAX_IMAGE_PRELOADS) : 0, html };
}

/**
 * The art of the first `count` items of a list answer (an array, or `{ data: [...] }`), as the
 * page's <img> elements ask for it: paths on the API's origin made absolute, http(s) URLs as they
 * are, anything else left out.
 */
export function firstImages(answer: string | null, count: number, apiOrigin: string): string[] {
  if (!answer || count <= 0) return [];
  let list: unknown;
  try {
    const parsed = JSON.parse(answer) as unknown;
    list = Array.isArray(parsed) ? parsed : (parsed as { data?: unknown } | null)?.data;
  } catch {
    return [];
  }
  if (!Array.isArray(list)) return [];
  return (list as unknown[])
    .slice(0, count)
    .map((item) => {
      const image = (item as { image?: unknown } | null)?.image;
      return typeof image === 'string' ? image : '';
    })
    .filter((image) => /^(https?:\/\/|\/[^/\\])/.test(image))
    .map((image) => new URL(image, apiOrigin).toString());
}

/** What a remote's manifest says of an exposed page (the part read here). */
interface Manifest {
  exposes?: {
    name: string;
    path?: string;
    assets?: { css?: { sync?: string[] }; js?: { sync?: string[] } };
  }[];
  metaData?: { remoteEntry?: { name?: string; path?: string } };
}

/** The stylesheet and preloads of a remote's page, from its manifest. */
export function pageAssets(
  manifestText: string,
  manifestUrl: string,
  module: string,
): { styles: string[]; scripts: string[] } {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    return { styles: [], scripts: [] };
  }
  const base = new URL('.', manifestUrl);
  const exposed = manifest.exposes?.find((e) => e.name === module || e.path === `./${module}`);
  const url = (file: string) => new URL(file, base).toString();
  const entry = manifest.metaData?.remoteEntry;
  const entryUrl = entry?.name ? url(`${entry.path ? `${entry.path}/` : ''}${entry.name}`) : null;
  return {
    styles: (exposed?.assets?.css?.sync ?? []).map(url),
    scripts: [...(entryUrl ? [entryUrl] : []), ...(exposed?.assets?.js?.sync ?? []).map(url)],
  };
}
