// Buying by card on the running stack, with the API's offline sandbox (it behaves like Stripe's
// test mode): a land bought with 4242… shows up in the chart, the activity table and the
// profile's Land tab and cannot be bought twice (its page says it is the buyer's); a declined
// card records nothing; the 'Secure Payment' variant comes back through /dashboard.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { withPage } from '../support/browser.ts';
import {
  type Buyer,
  fillCard,
  openLand as openLandAt,
  signInNewBuyer as signInBuyer,
  startPurchase,
} from '../support/buying.ts';
import { useSite } from '../support/site.ts';

void describe('card payment journeys', () => {
  const site = useSite();
  const urls = () => ({ siteUrl: site.stack.siteUrl, apiUrl: site.stack.apiUrl });
  const signInNewBuyer = (page: Page) => signInBuyer(page, urls());
  const openLand = (page: Page, index: number) => openLandAt(page, site.stack.siteUrl, index);

  const api = async (buyer: Buyer, path: string) => {
    const response = await fetch(`${site.stack.apiUrl}${path}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const historyTitles = async (buyer: Buyer): Promise<string[]> => {
    const body = await api(buyer, `/history/history/${buyer.id}`);
    return (body.data as { gameTitle: string }[]).map((entry) => entry.gameTitle);
  };

  void test('pay for a land with 4242…: /success, chart, activity, Land tab, and no second purchase', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      await signInNewBuyer(page);
      const title = await openLand(page, 1);
      await startPurchase(page);
      await page.waitForURL(/\/stripe-payment/);
      const payButton = page.getByRole('button', { name: /^Pay \$/ });
      const price = ((await payButton.textContent()) ?? '').replace(/^Pay /, '');
      // The buyer is told what the card is charged, next to the button.
      await page
        .getByText(/platform fee/i)
        .first()
        .waitFor();

      await fillCard(page, '4242 4242 4242 4242');
      await payButton.click();
      await page.getByText('Payment Successful!', { exact: true }).first().waitFor();
      await page.waitForURL(`${site.stack.siteUrl}/success`);
      await page.getByText('Your request has been sent successfully').waitFor();
      await page.getByTestId('receipt').getByText(title).waitFor();

      // The land page's chart now holds the purchase.
      await page.goBack();
      await openLand(page, 1);
      const chart = page.locator('canvas[aria-label^="Purchase Amount (USD)"]');
      await chart.waitFor();
      // (Prices are not yet written one way everywhere: compare without thousands separators.)
      const described = ((await chart.getAttribute('aria-label')) ?? '').replaceAll(',', '');
      assert.ok(
        described.includes(`${title} ${price.replaceAll(',', '')}`),
        `the chart shows ${title} at ${price}: ${described}`,
      );

      // The public activity table shows the sale first.
      await page.goto(`${site.stack.siteUrl}/market-place`);
      const sale = page.getByRole('table').getByRole('row').filter({ hasText: title }).first();
      await sale.getByText('Sale').waitFor();
      await sale.getByText('Hyper Tek').waitFor();

      // The profile's Land tab shows what the buyer owns.
      await page.goto(`${site.stack.siteUrl}/Lands`);
      await page.locator('[data-remote="account"]').getByText(title).first().waitFor();

      // It is the buyer's now: its page names them as owner and offers no way to buy it again.
      await openLand(page, 1);
      const detail = page.locator('[data-remote="marketplace"]');
      await detail.getByText('This is yours').first().waitFor();
      assert.equal(
        await detail.getByRole('button', { name: 'Buy Now', exact: true }).first().isDisabled(),
        true,
      );
      assert.match(page.url(), /\/buy-land/, 'no way to the card page for an owned item');
    });
  });

  void test('a declined card shows the error in the form and records nothing', async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      const buyer = await signInNewBuyer(page);
      await openLand(page, 2);
      await startPurchase(page);
      await page.waitForURL(/\/stripe-payment/);
      await fillCard(page, '4000 0000 0000 0002');
      await page.getByRole('button', { name: /^Pay \$/ }).click();
      await page.locator('[data-remote="checkout"]').getByText('Your card was declined.').waitFor();
      assert.match(page.url(), /\/stripe-payment/, 'the buyer stays on the form');
      assert.deepEqual(await historyTitles(buyer), [], 'no payment recorded');
    });
  });

  void test("'Secure Payment' with a card that asks for authentication returns through /dashboard", async (t) => {
    await withPage(site.browser, t, async ({ page }) => {
      const buyer = await signInNewBuyer(page);
      const title = await openLand(page, 3);
      await startPurchase(page);
      await page.waitForURL(/\/stripe-payment/);
      await page.getByRole('radio', { name: /Secure Payment/ }).check();
      await fillCard(page, '4000 0027 6000 3184');
      await page.getByRole('button', { name: /^Pay \$/ }).click();

      const bank = page.getByRole('dialog', { name: 'Confirm this payment' });
      await bank.getByRole('button', { name: 'Complete authentication' }).click();
      await page.waitForURL(/\/dashboard/);
      await page.getByText('Payment Successful! 💳').first().waitFor();
      await page.getByText('Welcome to Dashboard').waitFor();
      // The query is removed once read; the status shown comes from the API.
      await page.waitForURL(`${site.stack.siteUrl}/dashboard`);
      await page.getByText('Payment confirmed').waitFor();
      await page.locator('[data-remote="checkout"]').getByText(title).first().waitFor();
      assert.deepEqual(await historyTitles(buyer), [title]);
    });
  });
});
