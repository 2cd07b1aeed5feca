import { calls, serveApi } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';

import { makeItems } from '../../test/catalogue';
import { renderAt } from '../../test/render';
import { signInAs } from '../../test/session';
import LandsPage from './lands-page';

describe('/Lands (Land tab)', () => {
  it('shows the first 4 lands in the profile layout, Land tab current', async () => {
    const sent = serveApi({
      'GET /land/getland': { data: { success: true, data: makeItems(5, 'land') } },
    });
    signInAs();
    renderAt('/Lands', { '/Lands': <LandsPage /> });

    expect(await screen.findAllByRole('button', { name: /^List Now/ })).toHaveLength(4);
    expect(screen.getByRole('heading', { level: 3, name: 'Parcel 4' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Parcel 5' })).not.toBeInTheDocument();
    expect(screen.getByText('$3000')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Profile sections' })).getByRole('link', {
        name: 'Land',
      }),
    ).toHaveAttribute('aria-current', 'page');
    expect(calls(sent)).toEqual([{ method: 'GET', url: '/land/getland', body: undefined }]);
  });

  it("gives a land without a title a default name, and shows 'No Listing' without lands", async () => {
    serveApi({
      'GET /land/getland': {
        data: { success: true, data: [{ ...makeItems(1, 'land')[0], title: '' }] },
      },
    });
    signInAs();
    const { unmount } = renderAt('/Lands', { '/Lands': <LandsPage /> });
    expect(
      await screen.findByRole('heading', { level: 3, name: 'Hyper Tek Land' }),
    ).toBeInTheDocument();
    unmount();

    serveApi({ 'GET /land/getland': { data: { success: true, data: [] } } });
    renderAt('/Lands', { '/Lands': <LandsPage /> });
    expect(await screen.findByRole('heading', { name: 'No Listing' })).toBeInTheDocument();
  });

  it('asks signed-out visitors to log in first', () => {
    renderAt('/Lands', { '/Lands': <LandsPage /> });
    expect(screen.getByRole('heading', { name: 'Please Login first!' })).toBeInTheDocument();
  });
});
