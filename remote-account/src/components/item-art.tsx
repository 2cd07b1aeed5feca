import { useId } from 'react';

/**
 * A stable, well-spread number from a string (FNV-1a, then murmur3's final mix so that names
 * differing by one character still look different), so an item always gets the same art.
 */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The object on the grid: a crystal, a ringed planet or a tower, by the seed. */
function Motif({
  kind,
  width,
  peak,
  fill,
}: {
  kind: number;
  width: number;
  peak: number;
  fill: string;
}) {
  if (kind === 1) {
    return (
      <g>
        <circle cx="50" cy="46" r={width / 1.6} fill={fill} />
        <ellipse
          cx="50"
          cy="47"
          rx={width * 1.2}
          ry={width / 4}
          fill="none"
          stroke="#e8ecff"
          strokeOpacity="0.6"
          strokeWidth="1"
        />
      </g>
    );
  }
  if (kind === 2) {
    return (
      <g>
        <polygon
          points={`50,${peak - 4} ${50 + width / 3},${peak + 8} ${50 + width / 3},68 ${50 - width / 3},68 ${50 - width / 3},${peak + 8}`}
          fill={fill}
        />
        <rect
          x={50 - width / 6}
          y={peak + 14}
          width={width / 3}
          height="3"
          fill="#05060f"
          opacity="0.6"
        />
        <rect
          x={50 - width / 6}
          y={peak + 22}
          width={width / 3}
          height="3"
          fill="#05060f"
          opacity="0.6"
        />
      </g>
    );
  }
  return (
    <g>
      <polygon
        points={`50,${peak} ${50 + width / 2},50 50,68 ${50 - width / 2},50`}
        fill={fill}
        stroke="#e8ecff"
        strokeOpacity="0.5"
        strokeWidth="0.6"
      />
      <polyline
        points={`${50 - width / 2},50 50,56 ${50 + width / 2},50`}
        fill="none"
        stroke="#e8ecff"
        strokeOpacity="0.45"
        strokeWidth="0.5"
      />
    </g>
  );
}

/**
 * Generated neon art for an item without an image (no external URLs): a gradient sky, a
 * perspective grid and an object whose colours and shape follow `seed`. Decorative.
 */
export function ItemArt({ seed, className }: { seed: string; className?: string }) {
  const id = useId().replace(/:/g, '');
  const h = hash(seed);
  const hueA = h % 360;
  const hueB = (hueA + 60 + ((h >> 9) % 120)) % 360;
  const peak = 24 + ((h >> 4) % 20);
  const width = 18 + ((h >> 12) % 14);
  return (
    <svg
      className={className}
      viewBox="0 0 100 100"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`sky${id}`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={`hsl(${hueA} 80% 18%)`} />
          <stop offset="1" stopColor="#05060f" />
        </linearGradient>
        <linearGradient id={`gem${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hueA} 100% 65%)`} />
          <stop offset="1" stopColor={`hsl(${hueB} 100% 55%)`} />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill={`url(#sky${id})`} />
      <circle cx="50" cy="46" r="26" fill={`hsl(${hueB} 100% 60% / 0.18)`} />
      <g stroke={`hsl(${hueA} 100% 60% / 0.45)`} strokeWidth="0.4">
        {[66, 72, 80, 90].map((y) => (
          <line key={y} x1="0" y1={y} x2="100" y2={y} />
        ))}
        {[-60, -30, 0, 30, 60].map((dx) => (
          <line key={dx} x1={50 + dx / 4} y1="62" x2={50 + dx * 2} y2="100" />
        ))}
      </g>
      <Motif kind={(h >>> 20) % 3} width={width} peak={peak} fill={`url(#gem${id})`} />
    </svg>
  );
}
