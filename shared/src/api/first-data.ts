/**
 * Answers that came with the page: the host's web server puts the answers of a page's first API
 * reads in its HTML (`<script type="application/json" id="first-data">`, a map from the read's
 * path, such as `/land/getland?limit=19`, to the API's body) when it has them, so the page's first
 * render shows its data without a request. Only the document's first history entry may use them:
 * anything later asks the API.
 *
 * On the server (no document), the host's web server renders a page with the same answers
 * (`serverRender`).
 */
import { serverRender } from '../config/server-render';

let answers: Record<string, unknown> | null = null;

/** The answer the page came with for `path` (as the page's client would request it), if any. */
export function firstData(path: string): unknown {
  if (typeof document === 'undefined') return serverRender()?.answers?.[path];
  if (answers === null) {
    answers = {};
    const element = document.getElementById('first-data');
    try {
      const parsed: unknown = JSON.parse(element?.textContent ?? '{}');
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        answers = parsed as Record<string, unknown>;
    } catch {
      // Unreadable: the page asks the API, as without it.
    }
  }
  return Object.hasOwn(answers, path) ? answers[path] : undefined;
}

/** For tests: read the page's answers again. */
export function forgetFirstData(): void {
  answers = null;
}
