import { linkTargets } from '@hypertek/shared/testing';
import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';

import { renderAt } from '../../test/render';
import NoItemProfilePage from './no-item-profile-page';
import NoPersonalActivityPage from './no-personal-activity-page';

describe.each<[string, ReactElement, string]>([
  ['/no-item-profile', <NoItemProfilePage key="items" />, 'No Items'],
  ['/no-personal-activity', <NoPersonalActivityPage key="activity" />, 'No Activity Yet'],
])('%s', (path, page, title) => {
  it(`says '${title}' and offers 'Browse Collection' to /market-place`, () => {
    renderAt(path, { [path]: page });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Collection' })).toHaveAttribute(
      'href',
      '/market-place',
    );
  });
});

describe('/no-item-profile tabs', () => {
  it("shows Overview, Collectibles, Lands and Activities, linking to '#'", () => {
    renderAt('/no-item-profile', { '/no-item-profile': <NoItemProfilePage /> });
    const tabs = screen.getByRole('navigation', { name: 'Collection sections' });
    expect(linkTargets(tabs)).toEqual([
      ['Overview', '#'],
      ['Collectibles', '#'],
      ['Lands', '#'],
      ['Activities', '#'],
    ]);
  });
});
