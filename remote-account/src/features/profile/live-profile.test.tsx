/**
 * The profile, live (issue 31, Live pages): a market event about listings or owners reads the
 * user's listings and items again; the Listing tab and the cards' 'Listed' chips change without a
 * remount. Offers that change neither read nothing.
 */
import type { MarketListing } from '@hypertek/shared';
import { fakeEventSource, pageStream, serveApi } from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';

import { makeItems } from '../../test/catalogue';
import { balanceRoute, makeListing } from '../../test/market';
import { renderAt } from '../../test/render';
import { makeUser, signInAs } from '../../test/session';
import ListPage from './list-page';
import ProfilePage from './profile-page';

const USER_ID = 'u-5';
let removeEventSource = () => {};
beforeEach(() => {
  removeEventSource = fakeEventSource();
});
afterEach(() => removeEventSource());

const listingsAnswer = (data: MarketListing[]) => ({
  data: { success: true, message: 'Listings', data, nextCursor: null },
});

describe('the profile, live', () => {
  it('/List: a sale elsewhere shows in the Listing tab without reload', async () => {
    let listings = [makeListing(1, { name: 'Neon Ronin #0217', price: 1250 })];
    const sent = serveApi({
      [`GET /market/listings/user/${USER_ID}`]: () => listingsAnswer(listings),
      'GET /collection/*': { data: { success: true, data: [] } },
      ...balanceRoute(),
    });
    signInAs(makeUser({ _id: USER_ID }));
    renderAt('/List', { '/List': <ListPage /> });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('row', { name: /Neon Ronin/ })).toHaveTextContent('Active');
    const events = await pageStream();
    const listingReads = () =>
      sent.filter((request) => request.path === `/market/listings/user/${USER_ID}`).length;

    // An offer made on another item changes no listing: nothing is read.
    events.send({ id: 3, kind: 'offer.made', itemId: '9', itemKind: 'nfa' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(listingReads()).toBe(1);

    listings = [makeListing(1, { name: 'Neon Ronin #0217', price: 1250, status: 'Sold' })];
    events.send({ id: 4, kind: 'item.sold', itemId: '1', itemKind: 'nfa' });
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /Neon Ronin/ })).toHaveTextContent('Sold'),
    );
    expect(listingReads()).toBe(2);
    expect(screen.getByRole('table')).toBe(table);
  });

  it("/Profile: an item listed elsewhere wears its 'Listed' chip without reload", async () => {
    let items = makeItems(2);
    serveApi({
      'GET /collection/*': () => ({ data: { success: true, data: items } }),
      ...balanceRoute(),
    });
    signInAs(makeUser({ _id: USER_ID }));
    renderAt('/Profile', { '/Profile': <ProfilePage /> });
    const card = (title: string) =>
      within(screen.getByRole('heading', { level: 3, name: title }).closest('li')!);
    await screen.findByRole('heading', { level: 3, name: 'Item 2' });
    expect(card('Item 2').queryByText('Listed')).not.toBeInTheDocument();
    const events = await pageStream();

    items = items.map((item) => (item._id === 'nfa-2' ? { ...item, listed: true } : item));
    events.send({ id: 6, kind: 'listing.created', itemId: '2', itemKind: 'nfa' });
    expect(await card('Item 2').findByText('Listed')).toBeInTheDocument();
  });
});
