import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';

import { checkExposes, loadRouteTable, pagesOf } from './route-contract.mjs';

const table = await loadRouteTable();

describe('route contract', () => {
  it('reads the host route table: every remote and its pages', () => {
    assert.deepEqual(Object.keys(table).sort(), [
      'account',
      'checkout',
      'marketing',
      'marketplace',
    ]);
    assert.ok(pagesOf(table, 'checkout').includes('stripe-payment'));
    // Both spellings of the offers page show one module.
    assert.equal(table.marketplace['/offer-recieved'], table.marketplace['/offer-received']);
  });

  it("accepts each remote's exposes as they are in the repository", async () => {
    const remotes = readdirSync(new URL('../../', import.meta.url)).filter((dir) =>
      dir.startsWith('remote-'),
    );
    assert.equal(remotes.length, 4);
    for (const dir of remotes) {
      const { exposes } = await import(`../../${dir}/rspack.config.mjs`);
      assert.doesNotThrow(() => checkExposes(table, dir.replace('remote-', ''), exposes), dir);
    }
  });

  it('stops a build that misses a page or exposes one no route shows', () => {
    const exposes = Object.fromEntries(
      pagesOf(table, 'checkout').map((page) => [`./${page}`, `./src/${page}.tsx`]),
    );
    delete exposes['./testing'];
    assert.throws(() => checkExposes(table, 'checkout', exposes), /does not expose testing/);
    assert.throws(
      () => checkExposes(table, 'checkout', { ...exposes, './testing': 'x', './extra': 'y' }),
      /exposes extra, which no route shows/,
    );
    assert.throws(() => checkExposes(table, 'billing', {}), /no such remote/);
  });
});
