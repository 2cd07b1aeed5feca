import { useState } from 'react';

import { apiAssetUrl } from '../config/runtime-config';

/**
 * An image the API serves (`path` on the API host, such as `/uploads/ab12.png`): its URL, or
 * undefined when there is none or it failed to load, so the caller shows its fallback rather than a
 * broken image. A new path is tried again.
 */
export function useApiImage(path: string | null | undefined): {
  src: string | undefined;
  onError: () => void;
} {
  const url = apiAssetUrl(path);
  const [broken, setBroken] = useState<string | undefined>(undefined);
  return { src: url === broken ? undefined : url, onError: () => setBroken(url) };
}
