import { isVisitorId, VISITOR_COOKIE } from '../contract/release-words.mjs';

/**
 * The visitor's random id: the host's server's visitor cookie (readable by the page, not a
 * credential), or null when there is none or it is not of the host's random form. Release
 * reports, field vitals and funnel steps count each visitor once with it.
 */
export function visitorId(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const at = part.indexOf('=');
    if (part.slice(0, at).trim() !== VISITOR_COOKIE) continue;
    const id = part.slice(at + 1).trim();
    return isVisitorId(id) ? id : null;
  }
  return null;
}
