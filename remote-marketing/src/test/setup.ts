/**
 * Fills in what jsdom lacks and the browsers the site supports have: TextEncoder/TextDecoder
 * (React Router 7 needs them at import time).
 */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
