import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { APPS } from '../../server/src/apps.mjs';
import { checkExposes, loadRouteTable, pagesOf } from './route-contract.mjs';

const table = await loadRouteTable();

describe('route contract', () => {
  it('reads the host route table: every remote and its pages', () => {
    const remotes = APPS.flatMap((app) => (app.remote ? [app.remote] : []));
    assert.deepEqual(Object.keys(table).sort(), remotes.sort());
    assert.ok(remotes.length >= 4);
    assert.ok(pagesOf(table, 'checkout').includes('stripe-payment'));
    // Both spellings of the offers page show one module.
    assert.equal(table.marketplace['/offer-recieved'], table.marketplace['/offer-received']);
  });

  it("accepts each remote's exposes as they are in the repository", async () => {
    const remotes = readdirSync(new URL('../../', import.meta.url)).filter((dir) =>
      dir.startsWith('remote-'),
    );
    assert.equal(remotes.length, APPS.length - 1, 'a folder for every remote of the app table');
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

describe('the product page (docs/product.md)', () => {
  it('describes every route of the route table, and no other', () => {
    const doc = readFileSync(new URL('../../docs/product.md', import.meta.url), 'utf8');
    const routesSection = doc.slice(
      doc.indexOf('## Routes and screens'),
      doc.indexOf('## Entities'),
    );
    const rows = routesSection.split('\n').filter((line) => line.startsWith('| `/'));
    const documented = new Set(
      rows.flatMap((row) =>
        [...row.split('|')[1].matchAll(/`(\/[^`]*)`/g)].map((m) => m[1].toLowerCase()),
      ),
    );
    const routed = new Set(
      Object.values(table).flatMap((paths) => Object.keys(paths).map((path) => path.toLowerCase())),
    );
    assert.deepEqual(
      [...routed].filter((path) => !documented.has(path)),
      [],
      'routes the page does not describe',
    );
    assert.deepEqual(
      [...documented].filter((path) => !routed.has(path)),
      [],
      'paths no route serves',
    );
  });
});
