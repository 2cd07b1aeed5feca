import { useApiImage } from '@hypertek/shared';
import { useId } from 'react';

import type { ItemKind } from '../lib/catalogue-item';

/** Outlines of the placeholder: an isometric parcel for lands, a crystal for NFAs. */
const OUTLINE: Record<ItemKind, string> = {
  land: 'M10 70 L50 50 L90 70 L50 90 Z M50 50 L50 25 M35 42 L50 25 L65 42',
  nfa: 'M50 14 L80 32 L80 68 L50 86 L20 68 L20 32 Z M50 14 L50 50 L80 68 M50 50 L20 68',
};

/** A neon placeholder drawn in place of a missing or broken image (no external URL). */
function Placeholder({ kind, label }: { kind: ItemKind; label: string }) {
  const gradient = useId();
  return (
    <svg
      className="mp-item-image mp-item-placeholder"
      viewBox="0 0 100 100"
      role="img"
      aria-label={label}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#00e5ff" />
          <stop offset="0.5" stopColor="#7a5cff" />
          <stop offset="1" stopColor="#ff2bd6" />
        </linearGradient>
      </defs>
      <rect width="100" height="100" fill="#0d1024" />
      <path
        d={OUTLINE[kind]}
        fill="none"
        stroke={`url(#${gradient})`}
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** An item's image from the API host (`image` is a path there), or the placeholder. */
export function ItemImage({
  image,
  alt,
  kind,
  priority = false,
}: {
  image?: string | undefined;
  alt: string;
  kind: ItemKind;
  /** In the first screen: fetched at once and first (it may be the largest paint); else lazily. */
  priority?: boolean;
}) {
  const { src, onError } = useApiImage(image);
  if (!src) return <Placeholder kind={kind} label={alt} />;
  return (
    <img
      className="mp-item-image"
      src={src}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={onError}
    />
  );
}
