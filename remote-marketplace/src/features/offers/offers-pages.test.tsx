import { screen, within } from '@testing-library/react';

import { renderPage } from '../../test/render';
import NoOfferPage from './no-offer-page';
import OfferReceivedPage from './offer-received-page';

describe('/offer-received', () => {
  it.each(['/offer-received', '/offer-recieved'])('%s shows the static offers table', (path) => {
    renderPage(<OfferReceivedPage />, { path });
    const table = screen.getByRole('table', { name: 'Offers received' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Price', 'Offer', 'From', 'Expire']);
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    expect(within(table).getByText('6 Hours')).toBeInTheDocument();
  });
});

describe('/no-offer', () => {
  it("says 'No offers right now' under a 404-style graphic", () => {
    renderPage(<NoOfferPage />, { path: '/no-offer' });
    expect(screen.getByRole('heading', { name: 'No offers right now' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Nothing here yet' }).tagName).toBe('svg');
    expect(screen.getByRole('navigation', { name: 'Marketplace' })).toBeInTheDocument();
  });
});
