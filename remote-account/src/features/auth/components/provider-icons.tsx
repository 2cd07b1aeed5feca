/** The marks of the other ways in: a browser wallet, Google, Discord (decorative). */
export function WalletIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 7.5A2.5 2.5 0 0 1 5.5 5H18v3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <rect
        x="3"
        y="8"
        width="18"
        height="11"
        rx="2.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <circle cx="16.5" cy="13.5" r="1.4" fill="currentColor" />
    </svg>
  );
}

export function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M20.6 12.2c0-.6-.1-1.2-.2-1.8H12v3.4h4.8a4.1 4.1 0 0 1-1.8 2.7v2.2h2.9c1.7-1.6 2.7-3.9 2.7-6.5Z"
        fill="#4285f4"
      />
      <path
        d="M12 21c2.4 0 4.5-.8 5.9-2.2L15 16.5c-.8.5-1.8.9-3 .9-2.3 0-4.3-1.6-5-3.7H4v2.3A9 9 0 0 0 12 21Z"
        fill="#34a853"
      />
      <path d="M7 13.7a5.4 5.4 0 0 1 0-3.4V8H4a9 9 0 0 0 0 8l3-2.3Z" fill="#fbbc05" />
      <path
        d="M12 6.6c1.3 0 2.5.5 3.4 1.3L18 5.4A9 9 0 0 0 4 8l3 2.3c.7-2.1 2.7-3.7 5-3.7Z"
        fill="#ea4335"
      />
    </svg>
  );
}

export function DiscordIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M18.6 6.2A15 15 0 0 0 15 5l-.4.9a13.6 13.6 0 0 0-5.2 0L9 5a15 15 0 0 0-3.7 1.2C3 9.6 2.4 13 2.7 16.3A15 15 0 0 0 7.2 18.6l.9-1.5c-.6-.2-1.1-.5-1.6-.8l.4-.3a10.6 10.6 0 0 0 10.2 0l.4.3c-.5.3-1 .6-1.6.8l.9 1.5a15 15 0 0 0 4.5-2.3c.4-3.8-.6-7.2-2.7-10.1ZM9.1 14.3c-.9 0-1.6-.8-1.6-1.8s.7-1.8 1.6-1.8 1.6.8 1.6 1.8-.7 1.8-1.6 1.8Zm5.8 0c-.9 0-1.6-.8-1.6-1.8s.7-1.8 1.6-1.8 1.6.8 1.6 1.8-.7 1.8-1.6 1.8Z"
        fill="#5865f2"
      />
    </svg>
  );
}
