/**
 * One running stack and one browser for the whole browser suite: starting the API (migrations,
 * seed) costs most of the suite's set-up, so tests/site.test.ts starts them once, before every
 * journey file it imports, and stops them after.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startProviders, type Providers } from './providers.ts';
import { startStack, type Stack } from './stack.ts';

export interface Site {
  stack: Stack;
  browser: Browser;
  /** Google and Discord on loopback, wired into the API and the site's configuration. */
  providers: Providers;
}

const site = {} as Site;

export async function startSite(): Promise<void> {
  site.providers = await startProviders();
  site.stack = await startStack(site.providers.env);
  site.browser = await launchBrowser();
}

export async function stopSite(): Promise<void> {
  await site.browser.close();
  await site.stack.close();
  await site.providers.close();
}

/** The shared stack and browser; read its fields inside tests only (they exist once started). */
export function useSite(): Site {
  return site;
}
