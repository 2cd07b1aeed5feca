/**
 * Fills in what jsdom lacks and the browsers the site supports have: TextEncoder/TextDecoder
 * (used to build UTF-8 JWT fixtures, and by libraries that encode text).
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
