import { DEFAULT_OFFER_EXPIRY, OFFER_EXPIRY_OPTIONS } from '@hypertek/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { land, nfa, storeItem } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-route';
import OfferPage from '../offer-page';

beforeEach(() => localStorage.clear());

const renderOffer = (state: unknown = nfa) =>
  renderPage('/offer', <OfferPage />, { pathname: '/offer', state });

describe('/offer', () => {
  it('asks for a price as a number', async () => {
    renderOffer();
    const price = screen.getByLabelText('Price');
    expect(price).toHaveAttribute('type', 'number');
    await userEvent.type(price, '1750.5');
    expect(price).toHaveValue(1750.5);
  });

  it("offers the five expiry options, '6 Hours' chosen first", async () => {
    renderOffer();
    const expiry = screen.getByLabelText('Expired In');
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['6 Hours', '12 Hours', '6 Months', '12 Months', '1 Year']);
    expect(options).toEqual([...OFFER_EXPIRY_OPTIONS]);
    expect(expiry).toHaveValue(DEFAULT_OFFER_EXPIRY);
    expect(expiry).toHaveDisplayValue('6 Hours');
    await userEvent.selectOptions(expiry, '1 Year');
    expect(expiry).toHaveDisplayValue('1 Year');
  });

  it("shows 'Your Pay' as '--- USDC'", () => {
    renderOffer();
    expect(screen.getByText('Your Pay')).toBeInTheDocument();
    expect(screen.getByTestId('your-pay')).toHaveTextContent('--- USDC');
  });

  it("goes to /success with 'Submit Offer'", async () => {
    renderOffer();
    const submit = screen.getByRole('link', { name: 'Submit Offer' });
    expect(submit).toHaveAttribute('href', '/success');
    await userEvent.click(submit);
    expect(screen.getByTestId('probe-path')).toHaveTextContent('/success');
  });

  it('shows the item of navigation state, else the stored one', () => {
    storeItem(land);
    const { unmount } = renderOffer(nfa);
    expect(screen.getByRole('heading', { name: 'Neon Ronin' })).toBeInTheDocument();
    unmount();
    renderOffer(null);
    expect(screen.getByRole('heading', { name: 'Sector 7 Parcel' })).toBeInTheDocument();
  });

  it('still takes an offer when no item is known', () => {
    renderOffer(null);
    expect(screen.getByText(/No item selected/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Submit Offer' })).toBeInTheDocument();
  });
});
