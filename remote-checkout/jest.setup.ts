/** What jsdom lacks and the supported browsers have: TextEncoder/TextDecoder (used by react-router). */
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
