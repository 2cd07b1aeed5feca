/**
 * Every script a page runs, as Chromium's debugger sees it compile (`Debugger.scriptParsed`, the
 * page's own JavaScript world only): its address, or for an inline script the document's, and
 * the SHA-384 of its source. Scripts without an address are the journey's own (playwright's init
 * scripts and bindings): a page's code could make one only from a string, which the site's policy
 * refuses ('unsafe-eval' is not allowed, and every journey fails on a violation).
 */
import { createHash } from 'node:crypto';
import type { CDPSession, Page } from 'playwright-core';

export interface RanScript {
  /** The script's address; for an inline script, its document's. */
  url: string;
  inline: boolean;
  /** `sha384-<base64>` of its source, as a script's `integrity` is written. */
  digest: string;
}

interface ScriptParsed {
  scriptId: string;
  url: string;
  executionContextAuxData?: { isDefault?: boolean };
}

/** Starts recording the scripts `page` runs; `scripts()` gives those seen so far. */
export async function recordScripts(
  page: Page,
): Promise<{ scripts: () => Promise<RanScript[]>; stop: () => Promise<void> }> {
  const session: CDPSession = await page.context().newCDPSession(page);
  const documents = new Set<string>();
  page.on('framenavigated', (frame) => documents.add(frame.url().replace(/#.*$/, '')));
  const seen: Promise<{ url: string; digest: string } | null>[] = [];
  session.on('Debugger.scriptParsed', (event: ScriptParsed) => {
    if (!event.url || event.executionContextAuxData?.isDefault !== true) return;
    // The source is read at once: a script of a document navigated away from is gone.
    seen.push(
      session
        .send('Debugger.getScriptSource', { scriptId: event.scriptId })
        .then(({ scriptSource }) => ({
          url: event.url,
          digest: `sha384-${createHash('sha384').update(scriptSource).digest('base64')}`,
        }))
        .catch(() => null),
    );
  });
  await session.send('Debugger.enable');
  return {
    // Which addresses are documents is known once they were navigated to (another session's
    // events): decided when asked.
    scripts: async () => {
      // A round trip on this session: every script event the browser sent before it has arrived.
      await session.send('Debugger.setSkipAllPauses', { skip: true });
      return (await Promise.all(seen))
        .filter((script) => script !== null)
        .map(({ url, digest }) => ({
          url,
          digest,
          inline: documents.has(url.replace(/#.*$/, '')),
        }));
    },
    stop: () => session.detach(),
  };
}
