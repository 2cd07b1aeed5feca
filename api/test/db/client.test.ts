import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { isCatalogueEmpty, seedCatalogue, SEED_COUNTS } from '../../src/db/seed/catalogue';
import { renderItemSvg } from '../../src/db/seed/art';

describe('embedded database', () => {
  it('keeps its data in the data folder across restarts, and migrations are idempotent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hypertek-db-'));
    try {
      const first = await openDatabase({ databaseUrl: null, dataDir: dir });
      assert.equal(await isCatalogueEmpty(first), true);
      await seedCatalogue(first, { passwordHash: async () => 'not-a-real-hash' });
      await first.close();

      const second = await openDatabase({ databaseUrl: null, dataDir: dir });
      assert.equal(await isCatalogueEmpty(second), false);
      const [row] = await second.rows<{ n: number }>(sql`select count(*)::int as n from items`);
      assert.equal(row?.n, SEED_COUNTS.nfas + SEED_COUNTS.lands);
      // Reseeding replaces the catalogue rather than adding to it.
      await seedCatalogue(second, { reset: true, passwordHash: async () => 'x' });
      const [again] = await second.rows<{ n: number }>(sql`select count(*)::int as n from items`);
      assert.equal(again?.n, SEED_COUNTS.nfas + SEED_COUNTS.lands);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses a trigram index for search', async () => {
    const database = await openDatabase({ databaseUrl: 'memory://', dataDir: '' });
    try {
      const rows = await database.rows<{ indexdef: string }>(
        sql`select indexdef from pg_indexes where indexname = 'items_search_trgm_idx'`,
      );
      assert.match(rows[0]?.indexdef ?? '', /gin \(search_text gin_trgm_ops\)/);
    } finally {
      await database.close();
    }
  });
});

describe('generated art', () => {
  it('is deterministic per item and different between items', () => {
    assert.equal(renderItemSvg('nfa', 7), renderItemSvg('nfa', 7));
    assert.notEqual(renderItemSvg('nfa', 7), renderItemSvg('nfa', 8));
    assert.notEqual(renderItemSvg('nfa', 7), renderItemSvg('land', 7));
    assert.match(renderItemSvg('land', 1), /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
