import './item-image.css';

import { useApiImage, useNearViewport, type ItemKind } from '@hypertek/shared';
import { ItemArt } from './item-art';

/**
 * An item's picture: its image from the API host (`image` is a path there), or, when it has none
 * or the image fails, its generated art (labelled with `alt`). A square that fills its box.
 */
export function ItemImage({
  image,
  alt,
  kind,
  seed,
  priority = false,
}: {
  image?: string | null | undefined;
  alt: string;
  kind: ItemKind;
  /** What the generated art is drawn from (the item's id, else its title). */
  seed?: string;
  /** In the first screen: fetched at once and first (it may be the largest paint); else lazily. */
  priority?: boolean;
}) {
  const { src, onError } = useApiImage(image);
  // A picture below the first screen is asked for once it comes within a screen of it, not with
  // the page: each item's art is an SVG, a document of its own for the browser to parse, lay out
  // and paint, and a phone's first screen of a list would otherwise take nine of them.
  const { ref, near } = useNearViewport();
  if (!src) return <ItemArt seed={seed || alt} kind={kind} label={alt} className="ui-item-image" />;
  return (
    <img
      ref={priority ? undefined : ref}
      className={priority || near ? 'ui-item-image' : 'ui-item-image is-pending'}
      src={priority || near ? src : undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      // A first-screen image is decoded in step with the page, so it shows in the frame after it
      // arrives (the largest paint of an item page) instead of a frame or more later.
      decoding={priority ? 'sync' : 'async'}
      onError={onError}
    />
  );
}
