import { linkTargets } from '@hypertek/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderPage } from '../test/render';
import { EmptyCollection } from './empty-collection';

describe('EmptyCollection', () => {
  it("shows tabs to '#', 'No Items' and 'Browse Collection'", async () => {
    renderPage(<EmptyCollection browseTo="/land" />, { path: '/x' });
    expect(linkTargets(screen.getByRole('list', { name: 'Collection' }))).toEqual([
      ['Overview', '#'],
      ['Collectibles', '#'],
      ['Lands', '#'],
      ['Activities', '#'],
    ]);
    expect(screen.getByText('No Items')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Browse Collection' }));
    expect(screen.getByRole('heading', { name: 'Landed on /land' })).toBeInTheDocument();
  });
});
