/**
 * Artwork drawn in SVG from a seed: the picture of an item without an image (or whose image
 * failed), team avatars, news and mode illustrations. Nothing is downloaded, and the same seed
 * always draws the same picture, so an item looks the same in every app.
 */
import './item-art.css';

import { useId } from 'react';
import type { ItemKind } from '../contract/constants';

export type ArtKind = ItemKind | 'avatar' | 'news';

/** The brand's neon range: cyan, blue, violet, magenta. */
const HUES = [186, 200, 222, 262, 290, 318];

/** A small deterministic random generator (mulberry32) seeded from a string (FNV-1a). */
function randomFrom(seed: string): () => number {
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) state = Math.imul(state ^ seed.charCodeAt(i), 16777619);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Palette {
  a: string;
  b: string;
  glow: string;
}

function Nfa({ random, palette }: { random: () => number; palette: Palette }) {
  const sides = 5 + Math.floor(random() * 4);
  const points = Array.from({ length: sides }, (_, i) => {
    const angle = (i / sides) * Math.PI * 2 - Math.PI / 2;
    const radius = 46 + random() * 18;
    return `${100 + Math.cos(angle) * radius},${100 + Math.sin(angle) * radius}`;
  }).join(' ');
  return (
    <g>
      {[78, 62].map((r) => (
        <circle
          key={r}
          cx="100"
          cy="100"
          r={r}
          fill="none"
          stroke={palette.glow}
          strokeOpacity="0.25"
        />
      ))}
      <polygon
        points={points}
        fill={palette.a}
        fillOpacity="0.35"
        stroke={palette.glow}
        strokeWidth="2.5"
      />
      <circle cx="100" cy="100" r={12 + random() * 10} fill={palette.glow} opacity="0.9" />
      {Array.from({ length: 6 }, (_, i) => {
        const x = 20 + random() * 160;
        return (
          <path
            key={i}
            d={`M${x} 200 V${150 + random() * 30} h${random() > 0.5 ? 14 : -14}`}
            stroke={palette.glow}
            strokeOpacity="0.5"
            fill="none"
          />
        );
      })}
    </g>
  );
}

function Land({ random, palette }: { random: () => number; palette: Palette }) {
  const peaks = Array.from({ length: 7 }, (_, i) => `${i * 33},${70 + random() * 45}`).join(' ');
  return (
    <g>
      <circle cx={60 + random() * 80} cy="62" r="26" fill={palette.glow} opacity="0.85" />
      <polygon points={`0,130 ${peaks} 200,130`} fill={palette.b} opacity="0.9" />
      <rect y="130" width="200" height="70" fill="#05060f" opacity="0.55" />
      {Array.from({ length: 9 }, (_, i) => (
        <line
          key={`v${i}`}
          x1={100}
          y1={130}
          x2={-60 + i * 40}
          y2={200}
          stroke={palette.glow}
          strokeOpacity="0.45"
        />
      ))}
      {[138, 150, 168, 195].map((y) => (
        <line
          key={`h${y}`}
          x1="0"
          x2="200"
          y1={y}
          y2={y}
          stroke={palette.glow}
          strokeOpacity="0.4"
        />
      ))}
    </g>
  );
}

function Avatar({ random, palette }: { random: () => number; palette: Palette }) {
  const visorTilt = -6 + random() * 12;
  return (
    <g>
      <path
        d="M40 200 C44 150 72 134 100 134 C128 134 156 150 160 200 Z"
        fill={palette.b}
        opacity="0.85"
      />
      <ellipse
        cx="100"
        cy="92"
        rx="40"
        ry="46"
        fill="#0d1024"
        stroke={palette.glow}
        strokeWidth="2"
      />
      <rect
        x="66"
        y="80"
        width="68"
        height="18"
        rx="9"
        fill={palette.glow}
        transform={`rotate(${visorTilt} 100 89)`}
      />
      <path
        d={`M${84 + random() * 8} 118 h${16 + random() * 10}`}
        stroke={palette.glow}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <circle cx={random() > 0.5 ? 132 : 68} cy="58" r="4" fill={palette.a} />
    </g>
  );
}

function News({ random, palette }: { random: () => number; palette: Palette }) {
  return (
    <g>
      {Array.from({ length: 5 }, (_, i) => (
        <rect
          key={i}
          x={-40 + i * 52}
          y="-20"
          width={10 + random() * 24}
          height="260"
          fill={i % 2 ? palette.glow : palette.a}
          opacity="0.35"
          transform="rotate(28 100 100)"
        />
      ))}
      <circle
        cx={50 + random() * 100}
        cy={60 + random() * 80}
        r="34"
        fill="none"
        stroke={palette.glow}
        strokeWidth="3"
      />
      <path d="M0 160 L60 128 L110 150 L200 96" stroke={palette.glow} strokeWidth="3" fill="none" />
    </g>
  );
}

const DRAW = { nfa: Nfa, land: Land, avatar: Avatar, news: News } as const;

export interface ItemArtProps {
  seed: string;
  kind: ArtKind;
  /** Text alternative; without it the art is decorative and hidden from assistive technology. */
  label?: string;
  className?: string;
}

export function ItemArt({ seed, kind, label, className }: ItemArtProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const random = randomFrom(`${kind}:${seed}`);
  const hue = HUES[Math.floor(random() * HUES.length)] ?? 186;
  const palette: Palette = {
    a: `hsl(${hue} 95% 55%)`,
    b: `hsl(${(hue + 70) % 360} 80% 38%)`,
    glow: `hsl(${(hue + 20) % 360} 100% 70%)`,
  };
  const Draw = DRAW[kind];
  return (
    <svg
      className={className ? `ui-art ${className}` : 'ui-art'}
      viewBox="0 0 200 200"
      preserveAspectRatio="xMidYMid slice"
      {...(label
        ? { role: 'img', 'aria-label': label }
        : { 'aria-hidden': true, focusable: false })}
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 70% 14%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 90) % 360} 65% 9%)`} />
        </linearGradient>
      </defs>
      <rect width="200" height="200" fill={`url(#${id}-bg)`} />
      <Draw random={random} palette={palette} />
    </svg>
  );
}
