import { DEFAULT_OFFER_EXPIRY, OFFER_EXPIRY_OPTIONS } from '@hypertek/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { land, nfa, storeItem } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-route';
import OfferPage from '../offer-page';
import { readOfferPrice } from '../lib/offer-price';

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

  it("shows 'Your Pay' as '--- USDC' until a valid price is typed, then that price in USDC", async () => {
    renderOffer();
    expect(screen.getByText('Your Pay')).toBeInTheDocument();
    const pay = screen.getByTestId('your-pay');
    expect(pay).toHaveTextContent('--- USDC');
    const price = screen.getByLabelText('Price');
    await userEvent.type(price, '1750.5');
    expect(pay).toHaveTextContent(/^\$1,750\.50 USDC$/);
    await userEvent.clear(price);
    await userEvent.type(price, '-3');
    expect(pay).toHaveTextContent('--- USDC');
    await userEvent.clear(price);
    await userEvent.type(price, '0');
    expect(pay).toHaveTextContent('--- USDC');
    await userEvent.clear(price);
    await userEvent.type(price, '8823.06');
    expect(pay).toHaveTextContent(/^\$8,823\.06 USDC$/);
  });

  it("goes to /success with 'Submit Offer' once the price is valid", async () => {
    renderOffer();
    const submit = screen.getByRole('link', { name: 'Submit Offer' });
    expect(submit).toHaveAttribute('href', '/success');
    await userEvent.type(screen.getByLabelText('Price'), '25');
    await userEvent.click(submit);
    expect(screen.getByTestId('probe-path')).toHaveTextContent('/success');
  });

  it('goes to /success on Enter in the price field too, when it is valid', async () => {
    renderOffer();
    await userEvent.type(screen.getByLabelText('Price'), '12{Enter}');
    expect(screen.getByTestId('probe-path')).toHaveTextContent('/success');
  });

  it.each([
    ['empty', '', 'Enter the price you offer'],
    ['zero', '0', 'Price must be a positive number'],
    ['negative', '-5', 'Price must be a positive number'],
  ])(
    'stays on the page and says why beside the field when the price is %s',
    async (_, typed, message) => {
      renderOffer();
      const price = screen.getByLabelText('Price');
      if (typed) await userEvent.type(price, typed);
      await userEvent.click(screen.getByRole('link', { name: 'Submit Offer' }));
      expect(screen.queryByTestId('probe-path')).not.toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(price).toHaveAttribute('aria-invalid', 'true');
      expect(price).toHaveAccessibleDescription(message);
      expect(price).toHaveFocus();
      expect(screen.getByTestId('your-pay')).toHaveTextContent('--- USDC');
    },
  );

  it('clears the message as soon as the price becomes valid', async () => {
    renderOffer();
    const price = screen.getByLabelText('Price');
    await userEvent.type(price, '-1');
    await userEvent.click(screen.getByRole('link', { name: 'Submit Offer' }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.clear(price);
    await userEvent.type(price, '40');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(price).not.toHaveAttribute('aria-invalid');
  });

  it('says nothing while the visitor only passes through the empty field', async () => {
    renderOffer();
    await userEvent.click(screen.getByLabelText('Price'));
    await userEvent.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the item of navigation state, else the stored one', () => {
    storeItem(land);
    const { unmount } = renderOffer(nfa);
    expect(screen.getByRole('heading', { name: 'Neon Ronin' })).toBeInTheDocument();
    unmount();
    renderOffer(null);
    expect(screen.getByRole('heading', { name: 'Sector 7 Parcel' })).toBeInTheDocument();
  });

  it('still takes an offer when no item is known', async () => {
    renderOffer(null);
    expect(screen.getByText(/No item selected/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Price'), '5');
    await userEvent.click(screen.getByRole('link', { name: 'Submit Offer' }));
    expect(screen.getByTestId('probe-path')).toHaveTextContent('/success');
  });
});

describe('readOfferPrice', () => {
  it('accepts a positive amount only', () => {
    expect(readOfferPrice('1750.5')).toBe(1750.5);
    expect(readOfferPrice(' 0.01 ')).toBe(0.01);
    expect(readOfferPrice('')).toBe('empty');
    expect(readOfferPrice('   ')).toBe('empty');
    expect(readOfferPrice('0')).toBe('invalid');
    expect(readOfferPrice('-2')).toBe('invalid');
    expect(readOfferPrice('abc')).toBe('invalid');
    expect(readOfferPrice('Infinity')).toBe('invalid');
  });

  it("treats text the number field cannot read ('1e': its value is empty) as not a number", () => {
    expect(readOfferPrice('', true)).toBe('invalid');
  });
});
