import {
  DEFAULT_OFFER_EXPIRY,
  MARKET_MESSAGES,
  MESSAGES,
  OFFER_EXPIRY_OPTIONS,
  session,
} from '@hypertek/shared';
import {
  deferred,
  recordToasts,
  serveApi,
  signIn,
  stopServing,
  type Route,
  type SentRequest,
} from '@hypertek/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { land, nfa, storeItem } from '../../../test/fixtures';
import { renderPage } from '../../../test/render-route';
import OfferPage from '../offer-page';
import { readOfferPrice } from '../lib/offer-price';

const toasts = recordToasts();
beforeEach(() => localStorage.clear());
afterEach(() => {
  session.signOut();
  stopServing();
});

const renderOffer = (state: unknown = nfa) =>
  renderPage('/offer', <OfferPage />, { pathname: '/offer', state });
const submitButton = () => screen.getByRole('button', { name: 'Submit Offer' });

/** The API as the offer form meets it: `POST /market/offers` made, unless `reply` says otherwise. */
function serveOffer(reply?: Route) {
  return serveApi({
    'POST /market/offers':
      reply ??
      ((request: SentRequest) => ({
        status: 201,
        data: {
          success: true,
          message: MARKET_MESSAGES.offerMade,
          offer: { _id: 'offer-1', ...(request.body as object) },
        },
      })),
  });
}

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

  it("makes the offer with 'Submit Offer': the item, the price and the expiry, then /success", async () => {
    signIn();
    const sent = serveOffer();
    renderOffer();
    await userEvent.type(screen.getByLabelText('Price'), '1750.5');
    await userEvent.selectOptions(screen.getByLabelText('Expired In'), '12 Hours');
    await userEvent.click(submitButton());
    await waitFor(() => expect(screen.getByTestId('probe-path')).toHaveTextContent('/success'));
    expect(sent.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      {
        method: 'POST',
        url: '/market/offers',
        body: { itemId: 'nfa-1', price: 1750.5, expiresIn: '12 Hours' },
      },
    ]);
    expect(toasts).toEqual([{ kind: 'success', message: MARKET_MESSAGES.offerMade }]);
  });

  it('makes it on Enter in the price field too, when it is valid', async () => {
    signIn();
    const sent = serveOffer();
    renderOffer();
    await userEvent.type(screen.getByLabelText('Price'), '12{Enter}');
    await waitFor(() => expect(screen.getByTestId('probe-path')).toHaveTextContent('/success'));
    expect(sent).toHaveLength(1);
  });

  it('keeps the button disabled while the offer is on its way', async () => {
    signIn();
    const reply = deferred();
    serveOffer(reply.route);
    renderOffer();
    await userEvent.type(screen.getByLabelText('Price'), '25');
    await userEvent.click(submitButton());
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveAttribute('aria-busy', 'true');
    reply.resolve({ status: 201, data: { success: true, message: MARKET_MESSAGES.offerMade } });
    await waitFor(() => expect(screen.getByTestId('probe-path')).toHaveTextContent('/success'));
  });

  it("shows the server's refusal beside the form and stays", async () => {
    signIn();
    const reason = 'You cannot make an offer on your own item';
    serveOffer({ status: 409, data: { success: false, message: reason } });
    renderOffer();
    await userEvent.type(screen.getByLabelText('Price'), '25');
    await userEvent.click(submitButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(screen.queryByTestId('probe-path')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
    expect(toasts).toEqual([]);
  });

  it('asks a signed-out visitor to sign in, with a link to /signin, and sends nothing', async () => {
    const sent = serveOffer();
    renderOffer();
    await userEvent.type(screen.getByLabelText('Price'), '25');
    await userEvent.click(submitButton());
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.loginFirst);
    expect(within(alert).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(sent).toEqual([]);
    expect(screen.queryByTestId('probe-path')).not.toBeInTheDocument();
  });

  it.each([
    ['empty', '', MARKET_MESSAGES.priceRequired],
    ['zero', '0', MARKET_MESSAGES.priceInvalid],
    ['negative', '-5', MARKET_MESSAGES.priceInvalid],
    ['given to the tenth of a cent', '12.345', MARKET_MESSAGES.priceDecimals],
    ['above the market limit', '1000001', MARKET_MESSAGES.priceTooHigh],
  ])(
    'stays on the page and says why beside the field when the price is %s',
    async (_, typed, message) => {
      signIn();
      const sent = serveOffer();
      renderOffer();
      const price = screen.getByLabelText('Price');
      if (typed) await userEvent.type(price, typed);
      await userEvent.click(submitButton());
      expect(screen.queryByTestId('probe-path')).not.toBeInTheDocument();
      expect(sent).toEqual([]);
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
    await userEvent.click(submitButton());
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

  it("needs an item: without one it says 'Choose an item' and sends nothing", async () => {
    signIn();
    const sent = serveOffer();
    renderOffer(null);
    expect(screen.getByText(/No item selected/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Price'), '5');
    await userEvent.click(submitButton());
    expect(screen.getByRole('alert')).toHaveTextContent(MARKET_MESSAGES.itemRequired);
    expect(sent).toEqual([]);
  });
});

describe('readOfferPrice', () => {
  it("reads the price by the market's rule (validateMarketPrice)", () => {
    expect(readOfferPrice('1750.5')).toBe(1750.5);
    expect(readOfferPrice(' 0.01 ')).toBe(0.01);
    expect(readOfferPrice('')).toBe(MARKET_MESSAGES.priceRequired);
    expect(readOfferPrice('   ')).toBe(MARKET_MESSAGES.priceRequired);
    expect(readOfferPrice('0')).toBe(MARKET_MESSAGES.priceInvalid);
    expect(readOfferPrice('-2')).toBe(MARKET_MESSAGES.priceInvalid);
    expect(readOfferPrice('abc')).toBe(MARKET_MESSAGES.priceInvalid);
    expect(readOfferPrice('Infinity')).toBe(MARKET_MESSAGES.priceInvalid);
    expect(readOfferPrice('1.005')).toBe(MARKET_MESSAGES.priceDecimals);
    expect(readOfferPrice('1000000.01')).toBe(MARKET_MESSAGES.priceTooHigh);
  });

  it("treats text the number field cannot read ('1e': its value is empty) as not a number", () => {
    expect(readOfferPrice('', true)).toBe(MARKET_MESSAGES.priceInvalid);
  });
});
