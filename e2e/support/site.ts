/**
 * One running stack and one browser per test file: registers the suite's before/after hooks and
 * hands out both once started.
 */
import { after, before } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { startStack, type Stack } from './stack.ts';

export interface Site {
  stack: Stack;
  browser: Browser;
}

/** Call inside a `describe`; read the returned object's fields inside tests only. */
export function useSite(): Site {
  const site = {} as Site;
  before(async () => {
    site.stack = await startStack();
    site.browser = await launchBrowser();
  });
  after(async () => {
    await site.browser.close();
    await site.stack.close();
  });
  return site;
}
