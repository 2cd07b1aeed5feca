/**
 * A change to the market asks this instance's notification worker for a round at once
 * (`marketChanged()` → `runEvery(…).soon()`): the owner's notification of an offer is written
 * within milliseconds, not a poll later. The poll here is ten minutes, so only the change can
 * have run the round.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { buildTestApp, json, signup } from '../helpers';
import { offer, owning } from '../market-helpers';

const app = await buildTestApp({ after }, { notifications: { pollMs: 600_000 } });
const NFA = 96;

describe('notifications at once', () => {
  it("an offer's notification is written by the change itself, not by the poll", async (t) => {
    const seller = await owning(app, NFA);
    const buyer = await signup(app);
    // The seed's story and the purchase are handled first (a fresh database's first round).
    await app.notificationWorker.runOnce();
    const made = await offer(app, buyer, NFA, 100);
    assert.equal(made.statusCode, 201, made.body);
    const started = Date.now();
    const seen: string[] = [];
    for (;;) {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/notifications',
        headers: seller.auth,
      });
      const { data } = json(response) as { data: { kind: string; itemId: string }[] };
      seen.push(data.map((n) => `${n.kind} ${n.itemId}`).join(', '));
      if (data.some((n) => n.kind === 'offer.received' && n.itemId === String(NFA))) break;
      assert.ok(
        Date.now() - started < 10_000,
        `no "offer received" within 10 s (the poll is 10 min); read: ${seen.at(-1)}`,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    t.diagnostic(`the seller's notification ${Date.now() - started} ms after the offer's answer`);
  });
});
