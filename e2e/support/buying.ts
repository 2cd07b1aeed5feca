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
  // The page the server drew is inert until the app has taken it over (then it is marked with
  // its remote): a click before that would be lost.
  const live = page.locator('[data-remote="marketplace"]').first();
  await live.waitFor();
  const link = live.getByRole('link', { name: /^Buy Now: / }).nth(index);
  const label = (await link.getAttribute('aria-label')) ?? '';
  await link.click();
  await page.waitForURL(/\/buy-land/);
  return label.replace(/^Buy Now: /, '');
}

/**
 * Opens the first land of `indices` (places in /land) still for sale, and returns its place. The
 * journeys that buy take different ones, so that none finds its land sold by another.
 */
export async function openLandForSale(
  page: Page,
  siteUrl: string,
  indices: readonly number[],
): Promise<number> {
  for (const index of indices) {
    await openLand(page, siteUrl, index);
    const buy = page
      .locator('[data-remote="marketplace"]')
      .getByRole('button', { name: 'Buy Now', exact: true })
      .first();
    await buy.waitFor();
    // Enabled once the page has read that the land is for sale.
    const deadline = Date.now() + 2_000;
    while (!(await buy.isEnabled()) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    if (await buy.isEnabled()) return index;
  }
  throw new Error(`no land for sale at the places ${indices.join(', ')} of /land`);
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

/** The house: the seller of every item before anyone bought it. */
export const HOUSE_ID = '00000000-0000-4000-8000-000000000000';

/** The fields of the API's answers the set-up reads. */
export interface Reply {
  user?: { _id: string };
  token?: string;
  id?: string;
  data?: unknown;
}

/** One call to the API (JSON in and out), as a set-up step: its status and body. */
export async function callApi(
  apiUrl: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Reply }> {
  const response = await fetch(`${apiUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as Reply };
}

/** Set-up: `buyer` buys `item` (its id and price in cents) by card through the API (4242…). */
export async function buyThroughApi(
  apiUrl: string,
  buyer: { id: string; token: string },
  item: { id: string; cents: number },
): Promise<void> {
  const method = await callApi(apiUrl, '/payment/sandbox/payment-methods', {
    body: { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' },
  });
  const paid = await callApi(apiUrl, '/card/pay-with-card', {
    token: buyer.token,
    body: {
      userId: buyer.id,
      productId: item.id,
      paymentDetails: { amount: item.cents, payment_method_id: method.body.id, currency: 'usd' },
      provider: 'card',
    },
  });
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
}
