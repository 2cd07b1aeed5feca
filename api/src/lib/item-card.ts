/**
 * Link-preview cards (`og:image`): 1200×630 PNGs made with sharp from SVG, for an item (its own
 * art over a blurred copy of it) and for the site's public pages (a composition of a few items).
 *
 * Why PNG rather than the SVG the site shows: link-preview services (chat apps, social
 * networks) do not render SVG, and they expect the 1.91:1 size. Why no text: fonts are not
 * guaranteed on a server (librsvg would fall back to whatever it finds, or draw nothing), and the
 * page around the card carries the title anyway. Why a cache: a card costs about 0.1 s of CPU
 * to render and encode, and one shared link brings many preview fetchers to the same card at
 * once; the LRU serves them one render (keyed by item and art hash, so changed art is a new
 * entry), and concurrent requests for a card not rendered yet wait for the same render.
 */
import type { ItemKind } from '@hypertek/shared/contract';
import { createHash } from 'node:crypto';
import sharp, { type PngOptions } from 'sharp';
import { renderItemSvg } from './item-art';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The art on top of the blurred background: contained in this box, centred. */
const ART_HEIGHT = 560;
const ART_MAX_WIDTH = 1100;
/** The radius of the art's rounded corners. */
const ART_RADIUS = 24;
/** How far below the art its shadow falls, and how dark it is. */
const SHADOW_OFFSET = 10;
const SHADOW_OPACITY = 0.65;
/** The background is the art at this brightness. */
const BACKGROUND_BRIGHTNESS = 0.45;
/** Sigma of the background's blur, at the background's quarter size (×4 on the card). */
const BACKGROUND_BLUR = 6;
const NAVY = '#060b1a';
/** The background is blurred at a quarter of the size (cheaper, and as smooth once scaled up). */
const BACKGROUND_SCALE = 4;
/** The most pixels an SVG is drawn at (its size is scaled to the card's first anyway). */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The version of the composition: part of every ETag, so changing how cards look (this file)
 * changes every card's ETag even when no art changed. Bump it with any visible change.
 */
export const ITEM_CARD_VERSION = 'item-card-v1';
export const SITE_CARD_VERSION = 'site-card-v1';

/**
 * Full-colour RGB PNG at the highest zlib level, no adaptive filtering. Measured on the seed's
 * art: 85–280 kB a card (median 230 kB), ~40 ms to encode; a 256-colour palette (libimagequant)
 * is smaller (20–160 kB) but takes 100–250 ms and bands the blurred background visibly unless
 * dithered, and dithering doubles both its size and time. Adaptive filtering made cards larger.
 */
const PNG_OPTIONS: PngOptions = { compressionLevel: 9, adaptiveFiltering: false };

/** A strong ETag (quoted) for a card: the composition's version and the SVG it is made from. */
export function cardEtag(version: string, svg: string): string {
  const hash = createHash('sha256').update(version).update('\0').update(svg).digest('base64url');
  return `"${hash.slice(0, 32)}"`;
}

/** The ETag of an item's card: changes with its art and with the composition's version. */
export const itemCardEtag = (svg: string): string => cardEtag(ITEM_CARD_VERSION, svg);

/** Whether an `If-None-Match` header names this ETag (weak comparison, as RFC 9110 asks for GET). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const wanted = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === wanted);
}

/** The SVG rasterized so that it fits inside `width`×`height`, as raw RGBA pixels. */
async function rasterize(svg: Buffer, width: number, height: number) {
  // The header only: the pixel limit applies to the size it is drawn at, below.
  const meta = await sharp(svg, { limitInputPixels: false }).metadata();
  const { width: naturalWidth, height: naturalHeight } = meta;
  if (!(naturalWidth > 0 && naturalHeight > 0)) throw new Error('The SVG has no size');
  // Draw the vector at the size it is shown (librsvg renders at `density`; 72 is 1:1), so the
  // art stays sharp instead of scaling up a small bitmap.
  const scale = Math.min(width / naturalWidth, height / naturalHeight);
  const density = Math.min(2400, Math.max(1, 72 * scale));
  return sharp(svg, { density, limitInputPixels: MAX_INPUT_PIXELS })
    .resize(width, height, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/**
 * How much of the pixel centred at (`x`, `y`) a `width`×`height` rectangle at the origin with
 * corners of radius `radius` covers, 0–1, anti-aliased over one pixel (signed distance).
 */
function roundedRectCoverage(x: number, y: number, width: number, height: number, radius: number) {
  const qx = Math.abs(x - width / 2) - (width / 2 - radius);
  const qy = Math.abs(y - height / 2) - (height / 2 - radius);
  const distance =
    Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
  return Math.min(1, Math.max(0, 0.5 - distance));
}

/** Cuts the corners of an RGBA image round (in place): only the four corner squares change. */
function roundCorners(rgba: Buffer, width: number, height: number, radius: number): void {
  const r = Math.min(radius, width / 2, height / 2);
  const box = Math.ceil(r) + 1;
  for (let y = 0; y < height; y++) {
    if (y >= box && y < height - box) continue;
    for (let x = 0; x < width; x++) {
      if (x >= box && x < width - box) continue;
      const cover = roundedRectCoverage(x + 0.5, y + 0.5, width, height, r);
      const at = (y * width + x) * 4 + 3;
      rgba[at] = Math.round((rgba[at] ?? 0) * cover);
    }
  }
}

/**
 * Darkens a rounded rectangle of an RGB image (in place) by `opacity` of black: a shadow, once
 * the image is blurred.
 */
function darkenRoundedRect(
  rgb: Buffer,
  image: { width: number; height: number },
  rect: { left: number; top: number; width: number; height: number; radius: number },
  opacity: number,
): void {
  const y0 = Math.max(0, Math.floor(rect.top));
  const y1 = Math.min(image.height, Math.ceil(rect.top + rect.height));
  const x0 = Math.max(0, Math.floor(rect.left));
  const x1 = Math.min(image.width, Math.ceil(rect.left + rect.width));
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const cover = roundedRectCoverage(
        x + 0.5 - rect.left,
        y + 0.5 - rect.top,
        rect.width,
        rect.height,
        rect.radius,
      );
      const keep = 1 - opacity * cover;
      const at = (y * image.width + x) * 3;
      for (let c = at; c < at + 3; c++) rgb[c] = Math.round((rgb[c] ?? 0) * keep);
    }
  }
}

/**
 * The card of one item: its art rasterized to cover the whole canvas, blurred and darkened as
 * the background, and the art itself on top, contained in a 1100×560 box, centred, with rounded
 * corners over a soft shadow. Pure: the same SVG gives the same bytes. Throws when the SVG does
 * not render.
 */
export async function renderItemCard(svg: string): Promise<Buffer> {
  const art = await rasterize(Buffer.from(svg), ART_MAX_WIDTH, ART_HEIGHT);
  const { width, height } = art.info;
  const left = Math.round((CARD_WIDTH - width) / 2);
  const top = Math.round((CARD_HEIGHT - height) / 2);

  // Background, drawn at a quarter of the size (16× fewer pixels to blur; scaled up afterwards,
  // a blurred image stays smooth): the art covering the canvas, darkened, with the art's
  // shadow (a dark rounded rectangle under where the art goes, a little lower) that the same
  // blur softens.
  const small = {
    width: CARD_WIDTH / BACKGROUND_SCALE,
    height: Math.ceil(CARD_HEIGHT / BACKGROUND_SCALE),
  };
  const background = await sharp(art.data, { raw: { width, height, channels: 4 } })
    .resize(small.width, small.height, { fit: 'cover' })
    .flatten({ background: NAVY })
    .modulate({ brightness: BACKGROUND_BRIGHTNESS, saturation: 1.15 })
    .raw()
    .toBuffer();
  darkenRoundedRect(
    background,
    small,
    {
      left: left / BACKGROUND_SCALE,
      top: (top + SHADOW_OFFSET) / BACKGROUND_SCALE,
      width: width / BACKGROUND_SCALE,
      height: height / BACKGROUND_SCALE,
      radius: ART_RADIUS / BACKGROUND_SCALE,
    },
    SHADOW_OPACITY,
  );
  const blurred = await sharp(background, { raw: { ...small, channels: 3 } })
    .blur(BACKGROUND_BLUR)
    .raw()
    .toBuffer();

  roundCorners(art.data, width, height, ART_RADIUS);
  return (
    sharp(blurred, { raw: { ...small, channels: 3 } })
      // Bicubic: bilinear saves ~15 ms but leaves creases in the gradients (and 15 % more bytes).
      .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'fill', kernel: 'cubic' })
      .composite([{ input: art.data, raw: { width, height, channels: 4 }, left, top }])
      .removeAlpha()
      .png(PNG_OPTIONS)
      .toBuffer()
  );
}

/** A rendered card and its ETag. */
export interface Card {
  png: Buffer;
  etag: string;
}

/**
 * The rendered cards of items, least recently used out past `maxEntries`. Keyed by item id and
 * the art's hash: changed art is a new key (the old entry ages out). Concurrent requests for a
 * card not yet in the cache share one render; a failed render is not kept.
 */
export class ItemCardCache {
  private readonly entries = new Map<string, Promise<Card>>();

  constructor(
    private readonly maxEntries = 200,
    /** Told when stored art does not render (the card is then drawn from the id). */
    private readonly onArtError: (id: number, error: unknown) => void = () => {},
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /**
   * The card of item `id` with art `svg` (its kind draws the fallback). An SVG that does not
   * render (stored art broken by hand) gives the card of the art generated from the id instead,
   * never an error: the ETag stays that of the stored SVG, which decides the result.
   */
  get(id: number, kind: ItemKind, svg: string, etag = itemCardEtag(svg)): Promise<Card> {
    const key = `${id}:${etag}`;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Refresh its place in the LRU order (a Map iterates in insertion order).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const card = renderItemCard(svg)
      .catch((error: unknown) => {
        this.onArtError(id, error);
        return renderItemCard(renderItemSvg(kind, id));
      })
      .then((png) => ({ png, etag }));
    this.entries.set(key, card);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    card.catch(() => {
      if (this.entries.get(key) === card) this.entries.delete(key);
    });
    return card;
  }
}

// ---------------------------------------------------------------------------------------------
// The site's card.

/**
 * The art the site card shows: generated from these seeds (item ids, which need not exist),
 * picked for their blue, cyan and magenta hues.
 */
const SITE_CARD_TILES: readonly {
  kind: ItemKind;
  seed: number;
  x: number;
  y: number;
  size: number;
  angle: number;
  stroke: string;
}[] = [
  // Outermost first: each tile is drawn over the ones before it.
  { kind: 'land', seed: 1886, x: 52, y: 262, size: 180, angle: -12, stroke: '#ff2bd6' },
  { kind: 'land', seed: 1921, x: 968, y: 262, size: 180, angle: 12, stroke: '#00e5ff' },
  { kind: 'nfa', seed: 1760, x: 218, y: 196, size: 250, angle: -6, stroke: '#00e5ff' },
  { kind: 'nfa', seed: 1338, x: 732, y: 196, size: 250, angle: 6, stroke: '#ff2bd6' },
  { kind: 'nfa', seed: 1018, x: 440, y: 120, size: 320, angle: 0, stroke: '#00e5ff' },
];

/**
 * The site card as SVG: a dark navy field with a cyan and a magenta glow, a perspective grid
 * floor, and five items' generated art as tilted, rounded tiles in a fan. No text.
 */
export function siteCardSvg(): string {
  const w = CARD_WIDTH;
  const h = CARD_HEIGHT;
  const horizon = 400;
  const grid: string[] = [];
  // The floor: lines from a vanishing point above the horizon, and rows closer together
  // towards it.
  for (let i = -12; i <= 12; i++) {
    grid.push(`M${w / 2 + i * 18} ${horizon}L${w / 2 + i * 150} ${h}`);
  }
  for (let i = 1; i <= 8; i++) {
    const y = horizon + (h - horizon) * (i / 8) ** 1.8;
    grid.push(`M0 ${Math.round(y * 10) / 10}H${w}`);
  }
  const tiles = SITE_CARD_TILES.map((tile, index) => {
    const cx = tile.x + tile.size / 2;
    const cy = tile.y + tile.size / 2;
    const radius = Math.round(tile.size / 12);
    const art = renderItemSvg(tile.kind, tile.seed).replace(
      /^<svg[^>]*>/,
      `<svg x="${tile.x}" y="${tile.y}" width="${tile.size}" height="${tile.size}" ` +
        `viewBox="0 0 400 400" preserveAspectRatio="xMidYMid slice">`,
    );
    const rect = `x="${tile.x}" y="${tile.y}" width="${tile.size}" height="${tile.size}" rx="${radius}"`;
    return (
      `<g transform="rotate(${tile.angle} ${cx} ${cy})">` +
      `<rect ${rect} transform="translate(0 14)" fill="#000" fill-opacity="0.6" filter="url(#shadow)"/>` +
      `<clipPath id="tile${index}"><rect ${rect}/></clipPath>` +
      `<g clip-path="url(#tile${index})">${art}</g>` +
      `<rect ${rect} fill="none" stroke="${tile.stroke}" stroke-opacity="0.8" stroke-width="3"/>` +
      `</g>`
    );
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>` +
    `<linearGradient id="field" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="#060b1a"/><stop offset="1" stop-color="#05060f"/></linearGradient>` +
    `<radialGradient id="cyan" cx="0.18" cy="0.15" r="0.6">` +
    `<stop offset="0" stop-color="#00e5ff" stop-opacity="0.45"/>` +
    `<stop offset="1" stop-color="#00e5ff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="magenta" cx="0.85" cy="0.9" r="0.6">` +
    `<stop offset="0" stop-color="#ff2bd6" stop-opacity="0.4"/>` +
    `<stop offset="1" stop-color="#ff2bd6" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="fade" x1="0" y1="${horizon}" x2="0" y2="${h}" gradientUnits="userSpaceOnUse">` +
    `<stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#fff"/></linearGradient>` +
    `<mask id="floor"><rect y="${horizon}" width="${w}" height="${h - horizon}" fill="url(#fade)"/></mask>` +
    `<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">` +
    `<feGaussianBlur stdDeviation="12"/></filter>` +
    `</defs>` +
    `<rect width="${w}" height="${h}" fill="url(#field)"/>` +
    `<rect width="${w}" height="${h}" fill="url(#cyan)"/>` +
    `<rect width="${w}" height="${h}" fill="url(#magenta)"/>` +
    `<path d="${grid.join('')}" stroke="#00e5ff" stroke-opacity="0.35" stroke-width="1.5" fill="none" mask="url(#floor)"/>` +
    `<path d="M0 ${horizon}H${w}" stroke="#ff2bd6" stroke-opacity="0.5" stroke-width="2"/>` +
    tiles.join('') +
    `</svg>`
  );
}

let siteCard: Promise<Card> | undefined;

/**
 * The site card, rendered once per process (the first call renders it; later and concurrent
 * calls share that render). A failed render is tried again by the next call.
 */
export function getSiteCard(): Promise<Card> {
  if (siteCard === undefined) {
    const svg = siteCardSvg();
    const card = sharp(Buffer.from(svg))
      .removeAlpha()
      .png(PNG_OPTIONS)
      .toBuffer()
      .then((png) => ({ png, etag: cardEtag(SITE_CARD_VERSION, svg) }));
    card.catch(() => {
      if (siteCard === card) siteCard = undefined;
    });
    siteCard = card;
  }
  return siteCard;
}
