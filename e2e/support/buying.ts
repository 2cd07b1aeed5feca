/**
 * A buyer's steps on the running stack, shared by the journeys that pay by card: a new account
 * signed in through the sign-in page, a land opened from /land, the purchase started, the card
 * form filled.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { navigateInApp } from './browser.ts';

export const BUYER_PASSWORD = 'Buyer-2117!';

export interface Buyer {
  email: string;
  id: string;
  token: string;
}

interface Urls {
  siteUrl: string;
  apiUrl: string;
}

/** A new account (through the API), then signed in through the sign-in page. */
export async function signInNewBuyer(page: Page, { siteUrl, apiUrl }: Urls): Promise<Buyer> {
  const email = `buyer-${randomBytes(5).toString('hex')}@example.com`;
  const response = await fetch(`${apiUrl}/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Email: email,
      Password: BUYER_PASSWORD,
      ConfirmPassword: BUYER_PASSWORD,
    }),
  });
  assert.equal(response.status, 201, await response.clone().text());
  const body = (await response.json()) as { user: { _id: string }; token: string };
  await page.goto(`${siteUrl}/signin`);
  const form = page.locator('[data-remote="account"] form').first();
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(BUYER_PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${siteUrl}/profile`);
  return { email, id: body.user._id, token: body.token };
}

/**
 * Opens the `index`-th land of /land (the first tile is 'Instant Sell') and returns its title.
 * `inApp`: through the app's router, without a page load (the page keeps the scripts it has).
 */
export async function openLand(
  page: Page,
  siteUrl: string,
  index: number,
  { inApp = false } = {},
): Promise<string> {
  if (inApp) await navigateInApp(page, '/land');
  else await page.goto(`${siteUrl}/land`);
  const link = page.getByRole('link', { name: /^Buy Now: / }).nth(index);
  const label = (await link.getAttribute('aria-label')) ?? '';
  await link.click();
  await page.waitForURL(/\/buy-land/);
  return label.replace(/^Buy Now: /, '');
}

/** Buy Now → Buy Assets' Buy Now → Confirm: the purchase check, then the card page. */
export async function startPurchase(page: Page): Promise<void> {
  const detail = page.locator('[data-remote="marketplace"]');
  await detail.getByRole('button', { name: 'Buy Now', exact: true }).first().click();
  const assets = page.getByRole('dialog');
  await assets.getByRole('button', { name: 'Buy Now', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm', exact: true }).click();
}

export async function fillCard(page: Page, number: string): Promise<void> {
  const checkout = page.locator('[data-remote="checkout"]');
  await checkout.getByLabel('Card number').waitFor();
  // The card form asks for the name on the card; the embedded form does not.
  const name = checkout.getByLabel('Name on card');
  if ((await name.count()) > 0) await name.fill('Ada Buyer');
  await checkout.getByLabel('Card number').fill(number);
  await checkout.getByLabel('Expiry date (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('Security code (CVC)').fill('123');
}
