/** The profile's hero banner: a generated neon skyline over a grid (no image files). */
export function HeroBanner() {
  const towers = [8, 15, 21, 30, 37, 44, 52, 59, 66, 74, 81, 88, 95];
  return (
    <div className="ac-banner" aria-hidden="true">
      <svg viewBox="0 0 400 100" preserveAspectRatio="xMidYMax slice" focusable="false">
        <defs>
          <linearGradient id="ac-banner-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#0b0f2e" />
            <stop offset="1" stopColor="#2a0b4a" />
          </linearGradient>
          <linearGradient id="ac-banner-glow" x1="0" y1="0" x2="1" y2="0">
            <stop offset="0" stopColor="#00e5ff" />
            <stop offset="0.5" stopColor="#7a5cff" />
            <stop offset="1" stopColor="#ff2bd6" />
          </linearGradient>
        </defs>
        <rect width="400" height="100" fill="url(#ac-banner-sky)" />
        <circle cx="300" cy="62" r="30" fill="url(#ac-banner-glow)" opacity="0.55" />
        <g fill="#070918">
          {towers.map((x, i) => (
            <rect
              key={x}
              x={x * 4 - 9}
              y={82 - ((i * 37) % 41) - 12}
              width="14"
              height={((i * 37) % 41) + 30}
            />
          ))}
        </g>
        <g fill="#00e5ff" opacity="0.7">
          {towers.map((x, i) => (
            <rect key={x} x={x * 4 - 5} y={88 - ((i * 37) % 41)} width="2" height="2" />
          ))}
        </g>
        <rect y="82" width="400" height="18" fill="#05060f" />
        <line x1="0" y1="82" x2="400" y2="82" stroke="url(#ac-banner-glow)" strokeWidth="1.2" />
        <g stroke="#00e5ff" strokeOpacity="0.35" strokeWidth="0.5">
          {[86, 91, 98].map((y) => (
            <line key={y} x1="0" y1={y} x2="400" y2={y} />
          ))}
        </g>
      </svg>
    </div>
  );
}
