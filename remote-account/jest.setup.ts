/**
 * Fills in what jsdom lacks and the browsers the site supports have: TextEncoder/TextDecoder
 * (JWT fixtures, React Router) and object URLs (the avatar preview of /edit).
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

let objectUrls = 0;
Object.assign(URL, {
  createObjectURL: () => `blob:avatar-preview-${++objectUrls}`,
  revokeObjectURL: () => undefined,
});
