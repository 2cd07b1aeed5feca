import { useId } from 'react';

/** A stable number from a string (FNV-1a), so an item always gets the same art. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * Generated neon art for an item without an image (no external URLs): a gradient sky, a
 * perspective grid and a crystal whose colours and shape follow `seed`. Decorative.
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
      <polygon
        points={`50,${peak} ${50 + width / 2},50 50,68 ${50 - width / 2},50`}
        fill={`url(#gem${id})`}
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
    </svg>
  );
}
