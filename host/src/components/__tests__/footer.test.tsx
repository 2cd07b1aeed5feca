import { linkTargets } from '@hypertek/shared/testing';
import { screen, within } from '@testing-library/react';

import { renderPage } from '../../testing/render';

const footer = () => screen.getByTestId('footer');

describe('footer', () => {
  it('links the six pages of the product, in order', async () => {
    await renderPage('/');

    const nav = within(footer()).getByRole('navigation', { name: 'Footer' });

    expect(linkTargets(nav)).toEqual([
      ['Market Place', '/market-place'],
      ['News', '/news'],
      ['WhitePapers', '/whitepapers'],
      ['FAQ', '/faq'],
      ['Disclaimer', '/disclaimer'],
      ['Terms and Conditions', '/terms'],
    ]);
  });

  it('shows the rights-reserved line for 2025', async () => {
    await renderPage('/');

    expect(within(footer()).getByText(/© 2025/)).toHaveTextContent(
      '© 2025 Hyper Tek. All rights reserved.',
    );
  });

  it.each([
    ['WhitePapers', '/whitepapers', 'marketing/whitepapers'],
    ['Terms and Conditions', '/terms', 'marketing/terms'],
    ['Market Place', '/market-place', 'marketplace/market-place'],
  ])("'%s' opens %s", async (name, path, page) => {
    const { clickTo } = await renderPage('/about');

    await clickTo(within(footer()).getByRole('link', { name }), path, page);
  });
});
