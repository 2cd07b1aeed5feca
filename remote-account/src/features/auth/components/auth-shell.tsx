import { useId, type ReactNode } from 'react';

import '../../../styles/auth.css';

/** The neon horizon beside the auth forms on wide screens (generated, decorative). */
function HorizonArt() {
  const skyline = [
    [4, 38],
    [10, 52],
    [16, 30],
    [22, 64],
    [28, 44],
    [34, 72],
    [40, 36],
    [46, 58],
    [52, 80],
    [58, 42],
    [64, 66],
    [70, 34],
    [76, 56],
    [82, 46],
    [88, 70],
    [94, 40],
  ] as const;
  return (
    <svg viewBox="0 0 100 140" preserveAspectRatio="xMidYMid slice" aria-hidden="true">
      <defs>
        <linearGradient id="ac-horizon-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#140a36" />
          <stop offset="0.65" stopColor="#2a0b4a" />
          <stop offset="1" stopColor="#05060f" />
        </linearGradient>
        <linearGradient id="ac-horizon-sun" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff2bd6" />
          <stop offset="1" stopColor="#00e5ff" />
        </linearGradient>
      </defs>
      <rect width="100" height="140" fill="url(#ac-horizon-sky)" />
      <circle cx="50" cy="70" r="26" fill="url(#ac-horizon-sun)" opacity="0.85" />
      {[62, 68, 74, 80, 86].map((y, i) => (
        <rect key={y} x="20" y={y} width="60" height={1 + i * 0.6} fill="#140a36" />
      ))}
      <g fill="#070918">
        {skyline.map(([x, h]) => (
          <rect key={x} x={x - 3} y={96 - h / 2.2} width="5.4" height={h / 2.2 + 1} />
        ))}
      </g>
      <g stroke="#00e5ff" strokeOpacity="0.5" strokeWidth="0.35">
        {[100, 106, 114, 124, 138].map((y) => (
          <line key={y} x1="0" y1={y} x2="100" y2={y} />
        ))}
        {[-80, -48, -24, -8, 8, 24, 48, 80].map((dx) => (
          <line key={dx} x1={50 + dx / 6} y1="96" x2={50 + dx * 1.6} y2="140" />
        ))}
      </g>
      <line x1="0" y1="96" x2="100" y2="96" stroke="#ff2bd6" strokeWidth="0.6" />
    </svg>
  );
}

/**
 * The frame of the sign-up, sign-in and password screens: a card with the form and, on wide
 * screens, generated neon art beside it.
 */
export function AuthShell({
  title,
  lead,
  children,
  footer,
}: {
  title: string;
  lead: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  return (
    <div className="ac-auth container">
      <div className="ac-auth-art">
        <HorizonArt />
        <p className="ac-auth-tagline">
          <span className="gradient-text">Hyper Tek</span> · Year 2117
        </p>
      </div>
      <section className="card auth-card ac-auth-card" aria-labelledby={titleId}>
        <p className="eyebrow">Pilot access</p>
        <h1 id={titleId}>{title}</h1>
        <p className="muted ac-auth-lead">{lead}</p>
        {children}
        {footer && <div className="ac-auth-footer">{footer}</div>}
      </section>
    </div>
  );
}
