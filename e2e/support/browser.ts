/**
 * Debian's Chromium through playwright-core, with the flags these machines need (headless as
 * root, no background networking on a closed network). Each test gets a fresh context; a failing
 * test leaves a screenshot in e2e/artifacts/. Every journey fails on a Content-Security-Policy or
 * Trusted Types violation in any page or frame it opened (docs/security.md).
 */
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'node:test';
import { CHROMIUM_FLAGS, findChromium } from '../../scripts/lib/chromium.mjs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';

/** Where a failing journey's screenshots go. */
export const ARTIFACTS = join(import.meta.dirname, '..', 'artifacts');

export function chromiumPath(): string {
  return findChromium() ?? '/usr/bin/chromium';
}

export function launchBrowser(): Promise<Browser> {
  // launch() gives each browser a fresh, temporary user-data dir.
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}

export interface PageSession {
  page: Page;
  context: BrowserContext;
  /** Every console message and page error so far, as `type: text`. */
  consoleLines: string[];
}

/** What Chromium writes to the console when its CSP or Trusted Types refused something. */
const POLICY_CONSOLE =
  /Content Security Policy|Trusted ?Type|TrustedScriptURL|TrustedHTML|TrustedScript\b/i;

/**
 * Watches every page and frame of `context` for policy violations: the document's
 * `securitypolicyviolation` events (through a binding, so a page that navigates away loses none)
 * and Chromium's console lines about them. Returns what it saw, as lines.
 */
async function watchPolicyViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.exposeBinding('__hypertekCspViolation', (_source, line: string) => {
    seen.push(line);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (line: string) => void>)
        .__hypertekCspViolation;
      report?.(
        `${event.disposition} ${event.effectiveDirective}: ${event.blockedURI || 'inline'} ` +
          `on ${event.documentURI} (${event.sourceFile || '?'}:${event.lineNumber}) ${event.sample}`,
      );
    });
  });
  context.on('console', (message) => {
    if (POLICY_CONSOLE.test(message.text()))
      seen.push(`console ${message.type()}: ${message.text()}`);
  });
  return seen;
}

/**
 * Runs `body` with a fresh page; on failure saves a full-page screenshot named after the test,
 * and appends the page's console to the error.
 */
export async function withPage(
  browser: Browser,
  t: TestContext,
  body: (session: PageSession) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // tsx compiles this file with esbuild's keepNames, which wraps named functions in `__name(…)`;
  // functions handed to the page (evaluate, addInitScript) need that helper there too.
  await context.addInitScript('window.__name = window.__name || ((fn) => fn);');
  const violations = await watchPolicyViolations(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const consoleLines: string[] = [];
  page.on('console', (message: ConsoleMessage) =>
    consoleLines.push(`${message.type()}: ${message.text()}`),
  );
  page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.message}`));
  try {
    await body({ page, context, consoleLines });
    assert.deepEqual(violations, [], 'no Content-Security-Policy or Trusted Types violation');
  } catch (error) {
    mkdirSync(ARTIFACTS, { recursive: true });
    const file = join(ARTIFACTS, `${t.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    const tail = consoleLines.slice(-15).join('\n    ');
    if (error instanceof Error)
      error.message += `\n  screenshot: ${file}\n  url: ${page.url()}\n  console (last 15):\n    ${tail}`;
    throw error;
  } finally {
    await context.close();
  }
}

/** Client-side navigation through the one router (no page load), as a link click would do. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state as unknown }));
  }, path);
}
