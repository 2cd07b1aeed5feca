import { calls, serveApi } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';

import { makeItems } from '../../test/catalogue';
import { balanceRoute } from '../../test/market';
import { renderAt } from '../../test/render';
import { signInAs } from '../../test/session';
import LandsPage from './lands-page';

describe('/Lands (Land tab)', () => {
  it('shows the lands the user owns (4 cards) in the profile layout, Land tab current', async () => {
    const sent = serveApi({
      'GET /collection/*': {
        data: {
          success: true,
          data: makeItems(5, 'land').map((land, i) => ({ ...land, listed: i === 0 })),
        },
      },
      ...balanceRoute(1234.5),
    });
    const user = signInAs();
    renderAt('/Lands', { '/Lands': <LandsPage /> });

    expect(await screen.findAllByRole('button', { name: /^List Now/ })).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 3, name: 'Parcel 4' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Parcel 5' })).not.toBeInTheDocument();
    expect(screen.getByText('$1234.50')).toBeInTheDocument();
    // The first land is listed: its card says so.
    const parcel = (n: number) =>
      within(screen.getByRole('heading', { level: 3, name: `Parcel ${n}` }).closest('li')!);
    expect(parcel(1).getByText('Listed')).toBeInTheDocument();
    expect(parcel(2).queryByText('Listed')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Profile sections' })).getByRole('link', {
        name: 'Land',
      }),
    ).toHaveAttribute('aria-current', 'page');
    expect(calls(sent).sort((a, b) => a.url.localeCompare(b.url))).toEqual([
      { method: 'GET', url: `/collection/${user._id}?kind=land&limit=4`, body: undefined },
      { method: 'GET', url: `/market/balance/${user._id}`, body: undefined },
    ]);
  });

  it("gives a land without a title a default name, and shows 'No Listing' without lands", async () => {
    serveApi({
      'GET /collection/*': {
        data: { success: true, data: [{ ...makeItems(1, 'land')[0], title: '' }] },
      },
      ...balanceRoute(),
    });
    signInAs();
    const { unmount } = renderAt('/Lands', { '/Lands': <LandsPage /> });
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Hyper Tek Land' }),
    ).toBeInTheDocument();
    unmount();

    serveApi({
      'GET /collection/*': { data: { success: true, message: 'No items yet', data: [] } },
      'GET /land/getland': { data: { success: true, data: makeItems(3, 'land') } },
      ...balanceRoute(),
    });
    renderAt('/Lands', { '/Lands': <LandsPage /> });
    expect(await screen.findByRole('heading', { name: 'No Listing' })).toBeInTheDocument();
    expect(screen.getByText(/You own no land yet/)).toBeInTheDocument();
  });

  it('says the lands could not be loaded when the API fails', async () => {
    serveApi({
      'GET /collection/*': { status: 403, data: { success: false, message: 'Forbidden' } },
      ...balanceRoute(),
    });
    signInAs();
    renderAt('/Lands', { '/Lands': <LandsPage /> });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your lands could not be loaded. Forbidden',
    );
  });

  it('asks signed-out visitors to log in first', () => {
    renderAt('/Lands', { '/Lands': <LandsPage /> });
    expect(screen.getByRole('heading', { name: 'Please Login first!' })).toBeInTheDocument();
  });
});
