/** The Hyper Tek mark: a generated hexagonal glyph with the word mark. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`logo ${className}`}>
      <svg viewBox="0 0 48 48" width="36" height="36" aria-hidden="true">
        <defs>
          <linearGradient id="ht-logo" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#00e5ff" />
            <stop offset="1" stopColor="#ff2bd6" />
          </linearGradient>
        </defs>
        <path
          d="M24 3 42 13.5v21L24 45 6 34.5v-21Z"
          fill="none"
          stroke="url(#ht-logo)"
          strokeWidth="3"
        />
        <path
          d="M16 15v18M32 15v18M16 24h16"
          stroke="#e8ecff"
          strokeWidth="3.2"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo-word">
        HYPER<span>TEK</span>
      </span>
    </span>
  );
}
