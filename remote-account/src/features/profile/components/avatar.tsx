import { apiAssetUrl } from '@hypertek/shared';
import type { CSSProperties } from 'react';

/**
 * The user's avatar: an image on the API host (or a local preview), else a pilot-helmet icon.
 * Decorative: the name beside it says whose it is.
 */
export function Avatar({ path, size = 112 }: { path: string | null | undefined; size?: number }) {
  const src = apiAssetUrl(path);
  return (
    <span className="ac-avatar" style={{ '--ac-avatar-size': `${size}px` } as CSSProperties}>
      {src ? (
        <img src={src} alt="" width={size} height={size} />
      ) : (
        <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" data-testid="avatar-fallback">
          <circle cx="24" cy="18" r="9" fill="none" stroke="currentColor" strokeWidth="2.5" />
          <path
            d="M8 42c1.5-8 8-12 16-12s14.5 4 16 12"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </svg>
      )}
    </span>
  );
}
