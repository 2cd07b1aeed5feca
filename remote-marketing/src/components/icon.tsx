/** Line icons (24 × 24, stroke = currentColor) drawn inline: no icon font, nothing downloaded. */
const PATHS = {
  wallet: 'M3 7h15a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Zm0 0 3-3h11v3M16 13.5h.01',
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm3.5 5.5-2 5-5 2 2-5 5-2Z',
  swap: 'M7 7h13l-4-4M17 17H4l4 4',
  growth: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  quest: 'M14.5 3.5 20.5 9.5 9 21H3v-6L14.5 3.5ZM12 6l6 6',
  racing: 'M4 21V4m0 0h12l-2 4 2 4H4M20 14l-3 7',
  realm: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8Z',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3Zm-3.5 9 2.5 2.5 4.5-5',
  users:
    'M16 20v-1.5a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4V20M9.5 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7ZM21 20v-1.5a4 4 0 0 0-3-3.9M16 4.1a3.5 3.5 0 0 1 0 6.8',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7l1-8Z',
  support:
    'M4 13v-1a8 8 0 0 1 16 0v1M4 13h3v6H5a1 1 0 0 1-1-1v-5Zm16 0h-3v6h2a1 1 0 0 0 1-1v-5ZM17 19c0 1.5-2 2-5 2',
  play: 'M8 5v14l11-7L8 5Z',
  pause: 'M8 5v14M16 5v14',
  linkedin:
    'M4 9h4v11H4V9Zm2-5.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4ZM10 9h3.8v1.6c.6-1 1.9-1.9 3.7-1.9 3.2 0 3.5 2.1 3.5 4.8V20h-4v-5.7c0-1.4 0-3-1.9-3s-2.1 1.4-2.1 2.9V20h-3V9Z',
  github:
    'M9 19c-4.5 1.4-4.5-2.2-6.3-2.7M15 21v-3.5c0-1 .1-1.4-.5-2 2.8-.3 5.5-1.4 5.5-6a4.6 4.6 0 0 0-1.3-3.2 4.2 4.2 0 0 0-.1-3.2s-1.1-.3-3.5 1.3a12.3 12.3 0 0 0-6.2 0C6.5 2.8 5.4 3.1 5.4 3.1a4.2 4.2 0 0 0-.1 3.2A4.6 4.6 0 0 0 4 9.5c0 4.6 2.7 5.7 5.5 6-.6.6-.6 1.2-.5 2V21',
  check: 'M5 12.5 10 17.5 19 7',
  arrow: 'M5 12h14M13 6l6 6-6 6',
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2V5Zm13 4h3v8a2 2 0 0 1-2 2M8 9h5M8 13h5M8 17h3',
  doc: 'M6 3h9l4 4v14H6V3Zm9 0v4h4M9 12h7M9 16h7',
} as const;

export type IconName = keyof typeof PATHS;

/** A decorative icon; give the control or text next to it the accessible name. */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="mk-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
