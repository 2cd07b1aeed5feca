/** A 404-style graphic drawn in SVG: a neon '4 0 4' over a grid horizon, the 0 an empty orbit. */
export function NoOfferGraphic() {
  const horizon = Array.from({ length: 9 }, (_, i) => 150 + i * i * 1.6);
  const rays = Array.from({ length: 13 }, (_, i) => i * 30 - 60);
  return (
    <svg className="mp-no-offer-art" viewBox="0 0 320 220" role="img" aria-label="Nothing here yet">
      <defs>
        <linearGradient id="mp-404-glow" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#00e5ff" />
          <stop offset="0.5" stopColor="#7a5cff" />
          <stop offset="1" stopColor="#ff2bd6" />
        </linearGradient>
        <filter id="mp-404-blur" x="-20%" y="-20%" width="140%" height="140%">
          <feGaussianBlur stdDeviation="3" />
        </filter>
      </defs>
      <g stroke="#26305e" strokeWidth="1">
        {horizon.map((y) => (
          <line key={y} x1="0" y1={y} x2="320" y2={y} />
        ))}
        {rays.map((x) => (
          <line key={x} x1="160" y1="150" x2={x} y2="220" />
        ))}
      </g>
      <g
        fill="none"
        stroke="url(#mp-404-glow)"
        strokeWidth="9"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <g filter="url(#mp-404-blur)" opacity="0.7">
          <path d="M70 40 L40 100 H95 M82 60 V125" />
          <ellipse cx="160" cy="82" rx="30" ry="42" />
          <path d="M250 40 L220 100 H275 M262 60 V125" />
        </g>
        <path d="M70 40 L40 100 H95 M82 60 V125" />
        <ellipse cx="160" cy="82" rx="30" ry="42" />
        <path d="M250 40 L220 100 H275 M262 60 V125" />
      </g>
      <ellipse
        cx="160"
        cy="82"
        rx="52"
        ry="12"
        fill="none"
        stroke="#ffc145"
        strokeWidth="2"
        strokeDasharray="6 6"
      />
      <circle cx="208" cy="78" r="4" fill="#ffc145" />
    </svg>
  );
}
