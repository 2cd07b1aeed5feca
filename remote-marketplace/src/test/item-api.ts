/** The API as an item page sees it: its sales and the item read by id (the stub: serveApi). */
import type { ItemSale } from '@hypertek/shared';
import { pending, serveApi, type Reply, type Routes } from '@hypertek/shared/testing';

import { list } from './http';

/** `search/item/{id}`'s answer for an item. */
export const itemReply = (item: unknown): Reply => ({
  data: { success: true, message: 'Item fetched', data: item },
});

/** The API's answer for an id it does not know. */
export const unknownItem: Reply = {
  status: 404,
  data: { success: false, message: 'Item not found' },
};

const DAY = 86_400_000;
export const makeSale = (n: number, daysAgo: number): ItemSale => ({
  _id: `s${n}`,
  buyer: `Buyer ${n}`,
  seller: `Seller ${n}`,
  price: 1000 * n + 0.5,
  time: new Date(Date.now() - daysAgo * DAY - 60_000).toISOString(),
});

/** An item with no sales. */
export const noSales = list([]);

/**
 * `serveApi` for an item page: the sales call and the watch star's read stay on their way (a
 * test about something else needs no answer from them) unless `routes` answers them.
 */
export const serveItemApi = (routes: Routes = {}) =>
  serveApi({ 'GET /activity/item/*': pending, 'GET /watchlist/*': pending, ...routes });
