// The banner of a browser that previews a release (a `release preview` link), drawn by the host's
// server at the start of the page's body.
import { PREVIEW_PARAMETER } from './routing.js';
import type { PreviewPass } from './secrets.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The banner of a previewing browser: which remote and version, and the way out. Put at the
 * start of the body, outside the app's root (React never replaces it); fixed at the bottom.
 */
export function previewBanner({ remote, version, expires }: PreviewPass): string {
  return (
    '<style>#release-preview{position:fixed;z-index:2147483647;left:12px;bottom:12px;max-width:calc(100% - 24px);' +
    'padding:8px 12px;border-radius:8px;background:#111827;color:#fff;font:14px/1.4 system-ui,sans-serif;' +
    'box-shadow:0 4px 16px rgba(0,0,0,.4)}#release-preview a{color:#7dd3fc;margin-left:8px}</style>' +
    `<div id="release-preview" role="status" data-remote="${escapeHtml(remote)}" data-version="${escapeHtml(version)}">` +
    `Previewing <strong>${escapeHtml(remote)}</strong> ${escapeHtml(version)} (until ${escapeHtml(new Date(expires).toISOString().slice(0, 16).replace('T', ' '))} UTC)` +
    `<a href="?${PREVIEW_PARAMETER}=off">Leave preview</a></div>`
  );
}
