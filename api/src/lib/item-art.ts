/**
 * Generated item art: a deterministic SVG per item, drawn from a seeded RNG (palette, gradient,
 * shapes). NFAs get an emblem of rotated polygons and orbits; land parcels a terrain of ridges
 * and a grid. Same seed, same picture; no two seeds alike in practice. No downloads, no fonts.
 *
 * Runtime code: the media route draws the art of items that have none stored, and the link-preview
 * cards draw from it. The seed takes it from here (its art.ts) to store each item's SVG.
 */
import type { ItemKind } from '@hypertek/shared/contract';
import { createRng } from './random';

const round = (n: number): number => Math.round(n * 10) / 10;
const hsl = (h: number, s: number, l: number): string =>
  `hsl(${Math.round(h) % 360} ${Math.round(s)}% ${Math.round(l)}%)`;

function polygon(cx: number, cy: number, r: number, sides: number, rotation: number): string {
  const points: string[] = [];
  for (let i = 0; i < sides; i++) {
    const angle = rotation + (i * 2 * Math.PI) / sides;
    points.push(`${round(cx + r * Math.cos(angle))},${round(cy + r * Math.sin(angle))}`);
  }
  return points.join(' ');
}

export function renderItemSvg(kind: ItemKind, seed: number): string {
  const rng = createRng(seed * 2654435761 + (kind === 'land' ? 17 : 3));
  const hue = rng() * 360;
  const accent = (hue + 120 + rng() * 120) % 360;
  const size = 400;
  const parts: string[] = [];
  const id = `g${seed}`;
  parts.push(
    `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="${round(rng())}" y2="1">` +
      `<stop offset="0" stop-color="${hsl(hue, 70, 12)}"/>` +
      `<stop offset="1" stop-color="${hsl(hue + 40, 80, 28)}"/></linearGradient>` +
      `<radialGradient id="${id}r" cx="50%" cy="45%" r="55%">` +
      `<stop offset="0" stop-color="${hsl(accent, 95, 65)}" stop-opacity="0.9"/>` +
      `<stop offset="1" stop-color="${hsl(accent, 95, 40)}" stop-opacity="0"/></radialGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="url(#${id}b)"/>`,
  );
  if (kind === 'nfa') {
    parts.push(`<circle cx="200" cy="190" r="170" fill="url(#${id}r)"/>`);
    const rings = 2 + Math.floor(rng() * 4);
    for (let i = 0; i < rings; i++) {
      parts.push(
        `<ellipse cx="200" cy="190" rx="${round(90 + rng() * 100)}" ry="${round(20 + rng() * 60)}" ` +
          `transform="rotate(${Math.round(rng() * 180)} 200 190)" fill="none" ` +
          `stroke="${hsl(accent + i * 25, 90, 70)}" stroke-opacity="0.6" stroke-width="${round(1 + rng() * 3)}"/>`,
      );
    }
    const layers = 3 + Math.floor(rng() * 4);
    const sides = 3 + Math.floor(rng() * 6);
    for (let i = 0; i < layers; i++) {
      const r = 120 - i * (90 / layers);
      parts.push(
        `<polygon points="${polygon(200, 190, r, sides, rng() * Math.PI)}" ` +
          `fill="${hsl(hue + i * 30 + rng() * 40, 75, 30 + i * 8)}" fill-opacity="${round(0.5 + rng() * 0.5)}" ` +
          `stroke="${hsl(accent, 100, 80)}" stroke-width="1.5"/>`,
      );
    }
    parts.push(
      `<circle cx="200" cy="190" r="${round(8 + rng() * 14)}" fill="${hsl(accent, 100, 85)}"/>`,
    );
  } else {
    parts.push(
      `<circle cx="${round(60 + rng() * 280)}" cy="90" r="${round(30 + rng() * 40)}" fill="url(#${id}r)"/>`,
    );
    const ridges = 4 + Math.floor(rng() * 4);
    for (let i = 0; i < ridges; i++) {
      const base = 170 + i * (230 / ridges);
      let d = `M0 ${size}L0 ${round(base)}`;
      const steps = 8;
      for (let s = 1; s <= steps; s++) {
        d += `L${round((s * size) / steps)} ${round(base - rng() * 60)}`;
      }
      d += `L${size} ${size}Z`;
      parts.push(
        `<path d="${d}" fill="${hsl(hue + i * 12, 55, 18 + i * 7)}" fill-opacity="0.92"/>`,
      );
    }
    const cells = 6 + Math.floor(rng() * 6);
    const step = size / cells;
    const grid: string[] = [];
    for (let i = 1; i < cells; i++) {
      grid.push(`M${round(i * step)} 0V${size}M0 ${round(i * step)}H${size}`);
    }
    parts.push(
      `<path d="${grid.join('')}" stroke="${hsl(accent, 90, 70)}" stroke-opacity="0.18" stroke-width="1"/>`,
    );
    const px = Math.floor(rng() * cells) * step;
    const py = Math.floor(rng() * cells) * step;
    parts.push(
      `<rect x="${round(px)}" y="${round(py)}" width="${round(step)}" height="${round(step)}" fill="none" ` +
        `stroke="${hsl(accent, 100, 75)}" stroke-width="3"/>`,
    );
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}">` +
    parts.join('') +
    '</svg>'
  );
}
