/**
 * The marketplace's live tables (issue 31, Live pages): a market event on the page's one stream
 * reads the table again, and the change shows without a remount.
 */
import { type MarketOffer } from '@hypertek/shared';
import {
  fakeEventSource,
  FakeEventSource,
  pageStream,
  fakeIntersectionObserver,
  makeActivity,
  serveApi,
  signIn,
} from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';

import { makeItem, makeItems, makeOffer } from '../test/fixtures';
import { list } from '../test/http';
import { renderPage } from '../test/render';
import PersonalActivityPage from './activity/personal-activity-page';
import MarketPlacePage from './market/market-place-page';
import OfferReceivedPage from './offers/offer-received-page';

const observer = fakeIntersectionObserver();
let removeEventSource = () => {};
beforeEach(() => {
  observer.install();
  removeEventSource = fakeEventSource();
});
afterEach(() => removeEventSource());

const table = (name: string) => screen.findByRole('table', { name });

describe('live pages', () => {
  it('/market-place: the public activity feed shows a new row after an event', async () => {
    let rows = [1, 2, 3].map((n) => makeActivity(n, n));
    serveApi({
      'GET /market/getMarket': list(makeItems('nfa', 4)),
      'GET /land/getland': list(makeItems('land', 4)),
      'GET /activity/getActivity': () => list(rows),
    });
    renderPage(<MarketPlacePage />, { path: '/market-place' });
    const feed = await table('Latest marketplace activity');
    expect(within(feed).queryByText('Activity item 9')).not.toBeInTheDocument();

    const events = await pageStream();
    rows = [makeActivity(9, 0), ...rows];
    events.send({ id: 5, kind: 'listing.created', itemId: '9', itemKind: 'nfa' });
    expect(await within(feed).findByText('Activity item 9')).toBeInTheDocument();
    expect(await table('Latest marketplace activity')).toBe(feed);
  });

  it("/offer-recieved: a new offer on the user's item, and the user's own, show at once", async () => {
    signIn();
    const relic = makeItem('nfa', 18);
    let received: MarketOffer[] = [];
    let made: MarketOffer[] = [];
    const sent = serveApi({
      'GET /market/offers/received/u1': () => list(received),
      'GET /market/offers/made/u1': () => list(made),
    });
    renderPage(<OfferReceivedPage />, { path: '/offer-recieved' });
    expect(await screen.findByText('No offers right now')).toBeInTheDocument();
    const events = await pageStream();

    received = [makeOffer(1, relic, { offer: 1650, from: 'Nova Pilot' })];
    made = [makeOffer(2, makeItem('land', 4), { offer: 380, from: 'Ada Lovelace', fromId: 'u1' })];
    // A burst (an offer replacing another): both tables read again once.
    events.send({ id: 7, kind: 'offer.replaced', itemId: '18', itemKind: 'nfa' });
    events.send({ id: 8, kind: 'offer.made', itemId: '18', itemKind: 'nfa' });
    const offers = await table('Offers received');
    expect(within(offers).getByText('Nova Pilot')).toBeInTheDocument();
    expect(within(await table('Your offers')).getByRole('row', { name: /380/ })).toBeTruthy();
    const reads = (path: string) => sent.filter((request) => request.path === path).length;
    expect(reads('/market/offers/received/u1')).toBe(2);
    expect(reads('/market/offers/made/u1')).toBe(2);
  });

  it('/offer-recieved signed out opens no stream', async () => {
    serveApi({});
    renderPage(<OfferReceivedPage />, { path: '/offer-recieved' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(FakeEventSource.opened).toHaveLength(0);
  });

  it("/personal-activity: the user's activity reads again after an event", async () => {
    signIn();
    let rows = [makeActivity(1, 1)];
    serveApi({ 'GET /activity/u1': () => list(rows) });
    renderPage(<PersonalActivityPage />, { path: '/personal-activity' });
    const mine = await table('Your activity');
    const events = await pageStream();
    rows = [makeActivity(2, 0), ...rows];
    events.send({ id: 9, kind: 'item.sold', itemId: '2', itemKind: 'nfa' });
    expect(await within(mine).findByText('Activity item 2')).toBeInTheDocument();
  });
});
