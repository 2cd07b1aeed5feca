/**
 * What the release journeys share: the seeded staff members (README), signing one into the
 * console, a call to the host's release endpoint with a bearer, a copy of a remote's build to
 * publish (as it is, or changed and its digests sealed again), and a visitor's page view measured
 * and left (its field beacon sent), or hidden first (all its vitals); a visitor on a side of a
 * canary's split, the release a page runs, and the registry put back as a journey found it.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { rollback } from '@hypertek/server/releases/actions';
import { readRegistry } from '@hypertek/server/releases/registry';
import { canaryBucket } from '@hypertek/server/releases/routing';

/** The seeded staff members of the payments and marketing teams (README). */
export const PAYMENTS = { Email: 'payments@hypertek.local', Password: 'HyperTek2117' };
export const MARKETING = { Email: 'marketing@hypertek.local', Password: PAYMENTS.Password };

/** Signs `who` in through the sign-in page, then opens the console. */
export async function openConsoleAs(
  page: Page,
  siteUrl: string,
  who: typeof PAYMENTS,
): Promise<void> {
  await page.goto(`${siteUrl}/signin`);
  const form = page.locator('[data-remote="account"] form').first();
  await form.getByLabel('Email').fill(who.Email);
  await form.getByLabel('Password', { exact: true }).fill(who.Password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${siteUrl}/profile`);
  await page.goto(`${siteUrl}/console`);
}

/** One call to the host's release endpoint with this bearer: its status and message. */
export async function callRelease(
  siteUrl: string,
  bearer: string,
  action: string,
  body?: object,
): Promise<{ status: number; message: string }> {
  const response = await fetch(`${siteUrl}/_release/${action}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { message?: string };
  return { status: response.status, message: answer.message ?? '' };
}

/**
 * A copy in `work` of a remote's build as it is, without its precompressed copies (publish makes
 * them again).
 */
export function remoteBuild(remote: string, work: string, name = remote): string {
  const dir = join(work, name);
  cpSync(join(import.meta.dirname, '..', '..', `remote-${remote}`, 'dist'), dir, {
    recursive: true,
  });
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && /\.(br|gz)$/.test(entry.name)) rmSync(join(entry.parentPath, entry.name));
  return dir;
}

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/**
 * A copy of a remote's build with `from` changed to `to` in every text file that has it, as a
 * build of that source would be: the entry carries each chunk's digest (Rspack's
 * SubresourceIntegrityPlugin), so a changed chunk's new digest replaces its old one there.
 */
export function changedBuild(
  remote: string,
  work: string,
  name: string,
  from = '',
  to = '',
): string {
  const dir = remoteBuild(remote, work, name);
  const digests = new Map<string, string>();
  const scripts: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = join(entry.parentPath, entry.name);
    if (entry.name.endsWith('.js')) scripts.push(file);
    if (from && /\.(js|cjs|html|json)$/.test(entry.name)) {
      const text = readFileSync(file, 'utf8');
      if (text.includes(from)) {
        const changed = text.split(from).join(to);
        writeFileSync(file, changed);
        digests.set(sri(text), sri(changed));
      }
    }
  }
  if (from && digests.size === 0) throw new Error(`no file of the ${remote} build has ${from}`);
  for (const file of scripts) {
    const text = readFileSync(file, 'utf8');
    let sealed = text;
    for (const [old, now] of digests) sealed = sealed.split(old).join(now);
    if (sealed !== text) writeFileSync(file, sealed);
  }
  return dir;
}

/** Waits until the host's field collector measured the page's view (its first figure). */
async function viewMeasured(page: Page): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByName('hypertek:field-view-measured').length > 0,
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * Waits until the host's field collector measured the page's view (it marks its first figure,
 * FIELD_VIEW_MEASURED in the host's collector), then leaves the page: the beacon goes at its
 * `pagehide`. The browser must stay open until the API has it: closing it at once can cancel a
 * beacon still on its way.
 */
export async function leaveMeasuredView(page: Page): Promise<void> {
  await viewMeasured(page);
  await page.goto('about:blank');
}

/**
 * Like `leaveMeasuredView`, with `interact` (a click, …) done once the view is measured, and the
 * page hidden before it is left, as a tab switched away from is: `web-vitals` reports LCP, CLS and
 * INP at `visibilitychange` to hidden, which headless Chromium never fires, so the document says
 * it is hidden and the event is dispatched (the library's listener and the collector's run as for
 * a real one: the beacon goes with every vital).
 */
export async function hideMeasuredView(page: Page, interact: () => Promise<void>): Promise<void> {
  await viewMeasured(page);
  await interact();
  await page.evaluate(async () => {
    // The interaction's Event Timing entries come after its next paint.
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    Object.defineProperty(document, 'hidden', { value: true, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.goto('about:blank');
}

/** One version's field data on one channel, as the API's GET /releases/field answers it. */
export interface VersionFigures {
  version: string;
  channel: string;
  views: number;
  visitors: number;
  p75: Record<string, number | null>;
  funnel: Record<string, number>;
}

/** A remote's field data, per version and channel, read with `bearer` (RELEASE_TOKEN, staff). */
export async function readField(
  apiUrl: string,
  bearer: string,
  remote: string,
): Promise<VersionFigures[]> {
  const response = await fetch(new URL(`/api/v1/releases/field?remote=${remote}`, apiUrl), {
    headers: { authorization: `Bearer ${bearer}` },
  });
  if (response.status !== 200) throw new Error(`GET /releases/field: ${response.status}`);
  return ((await response.json()) as { data: VersionFigures[] }).data;
}

/** A visitor id on the canary's side of `percent` for `version` of `remote` (the host's split), or on live's. */
export function visitorOn(
  remote: string,
  version: string,
  percent: number,
  side: 'canary' | 'live' = 'canary',
): string {
  for (;;) {
    const id = randomBytes(16).toString('base64url');
    if (canaryBucket(id, remote, version) < percent === (side === 'canary')) return id;
  }
}

/** The release of `remote` the page runs (its runtime config), as version and channel. */
export async function pageRelease(
  page: Page,
  remote: string,
): Promise<{ version?: string | undefined; channel?: string | undefined }> {
  const release = await page.evaluate(
    (name) =>
      (
        JSON.parse(document.getElementById('runtime-config')?.textContent ?? '{}') as {
          releases?: Record<string, { version: string; channel: string }>;
        }
      ).releases?.[name],
    remote,
  );
  return { version: release?.version, channel: release?.channel };
}

/** Rolls `remote` back until it has no canary and `live` is live again (what a journey found). */
export async function restoreLive(
  dir: string,
  remote: string,
  live: string | null,
  actor: string,
): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const state = readRegistry(dir).remotes[remote] ?? {};
    if (!state.canary && (state.live ?? null) === live) break;
    await rollback({ dir, remote, actor });
  }
  assert.equal(readRegistry(dir).remotes[remote]?.live ?? null, live);
}
