/**
 * WARNING: for tests only (a jest `setupFiles` entry of every package, see
 * shared/testing/jest-config.js). Fills in what jsdom lacks and the supported browsers have:
 * TextEncoder/TextDecoder (React Router 7 needs them at import time; the JWT fixtures encode
 * UTF-8 with them).
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
