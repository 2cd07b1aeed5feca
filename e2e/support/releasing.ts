/**
 * What the release journeys share: the seeded staff members (README), signing one into the
 * console, a call to the host's release endpoint with a bearer, a copy of a remote's build to
 * publish, and a visitor's page view measured and left (its field beacon sent).
 */
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

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

/**
 * Waits until the host's field collector measured the page's view (it marks its first figure,
 * FIELD_VIEW_MEASURED in the host's collector), then leaves the page: the beacon goes at its
 * `pagehide`. The browser must stay open until the API has it: closing it at once can cancel a
 * beacon still on its way.
 */
export async function leaveMeasuredView(page: Page): Promise<void> {
  await page.waitForFunction(
    () => performance.getEntriesByName('hypertek:field-view-measured').length > 0,
    undefined,
    { timeout: 20_000 },
  );
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
