// The files this server fetches from the remotes, used only once their bytes match the digests
// the release registry recorded (releases/pins.ts; docs/security.md, "Integrity of remotes"): a
// remote's Node build is run here (page-renderer.ts), its snapshot and stylesheet go into the
// page, its manifest names the scripts the page preloads. A refused file is as good as missing:
// the page is drawn without it (the frame's loading state, the browser loads the page itself and
// refuses the same bytes), never with it.
import type { PinCheck, PinSource } from '../releases/pins.js';
import type { RemoteCache } from './remote-cache.js';

/** What the composer needs of the pins: the check of a body, and a file's digest. */
export type PinChecker = Pick<PinSource, 'check' | 'digestOf'>;
/** A refused file: its address and why (the remote, its release, its path in the build). */
export type Refusal = Extract<PinCheck, { ok: false }> & { url: string };

/**
 * `files` with every body of a remote's file checked by `pins` before it is handed out: a body
 * that does not match is null (and `onRefused` hears of it once per body).
 */
export function verifiedFiles(
  files: RemoteCache,
  pins: PinChecker,
  onRefused: (refusal: Refusal) => void,
): RemoteCache {
  /** The last body checked per address, and the answer (a kept body is checked once). */
  const checked = new Map<string, { body: string; ok: boolean }>();
  const verify = (url: string, body: string | null): string | null => {
    if (body === null) return null;
    const last = checked.get(url);
    if (last?.body === body) return last.ok ? body : null;
    const check = pins.check(url, body);
    if (checked.size >= 256) checked.delete(checked.keys().next().value ?? '');
    checked.set(url, { body, ok: check.ok });
    if (!check.ok) onRefused({ ...check, url });
    return check.ok ? body : null;
  };
  return {
    get: async (url) => verify(url, await files.get(url)),
    async answer(url) {
      const answer = await files.answer(url);
      if (answer === null || answer.status >= 300) return answer;
      return { status: answer.status, body: verify(url, answer.body) };
    },
    age: (url) => files.age(url),
  };
}
