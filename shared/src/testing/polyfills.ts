/**
 * WARNING: for tests only (a jest `setupFiles` entry of every package, see
 * shared/testing/jest-config.js). Fills in what jsdom lacks and the supported browsers have:
 * TextEncoder/TextDecoder (React Router 7 needs them at import time; the JWT fixtures encode
 * UTF-8 with them), and User Timing's `performance.mark` (the field vitals collector marks a page
 * view's first figure), which records nothing here: a test spies on it.
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- jsdom has none
if (typeof globalThis.performance !== 'undefined' && !globalThis.performance.mark)
  globalThis.performance.mark = () => undefined as unknown as PerformanceMark;
