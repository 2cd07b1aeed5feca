/**
 * Avatars are decoded and encoded again before they are stored: only pixels survive. Bytes after
 * the image (an HTML page or script appended to a valid PNG), metadata (EXIF with location) and
 * malformed chunks are gone, so a stored avatar can never be read as anything but an image.
 */
import sharp from 'sharp';
import type { ImageType } from './image-type';

/** Larger avatars are scaled down; a profile picture is shown at a few hundred pixels at most. */
export const AVATAR_MAX_SIDE = 1024;
/** Refuse to decode more pixels than this (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 40_000_000;

/** The re-encoded image, or null when the bytes do not decode as the detected format. */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<Buffer | null> {
  try {
    const animated = type.ext === 'gif' || type.ext === 'webp';
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated, failOn: 'error' })
      // Applies the EXIF orientation, then drops all metadata (sharp keeps none unless asked).
      .rotate()
      .resize(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE, { fit: 'inside', withoutEnlargement: true });
    switch (type.ext) {
      case 'png':
        return await image.png().toBuffer();
      case 'jpg':
        return await image.jpeg({ quality: 88, mozjpeg: true }).toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
      case 'webp':
        return await image.webp({ quality: 88 }).toBuffer();
    }
  } catch {
    return null;
  }
}
