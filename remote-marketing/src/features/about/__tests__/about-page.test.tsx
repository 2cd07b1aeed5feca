import { fireEvent, screen, within } from '@testing-library/react';

import { renderPage } from '../../../test/render-page';
import AboutPage from '../about-page';

describe('About page', () => {
  it('shows the header, the story, the three fronts and the ecosystem', () => {
    renderPage(<AboutPage />, '/about');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'The war for 2117 starts here',
    );
    expect(screen.getByRole('heading', { name: 'After the Collapse' })).toBeInTheDocument();
    const fronts = screen.getByRole('region', { name: 'Three Fronts of War' });
    expect(within(fronts).getAllByRole('listitem')).toHaveLength(3);

    const ecosystem = screen.getByRole('region', { name: 'Our Ecosystem' });
    expect(
      within(ecosystem)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['NFA', 'Game', 'MarketPlace']);
  });

  it("'Download Game' is a dead link: clicking it goes nowhere", () => {
    renderPage(<AboutPage />, '/about');
    const link = screen.getByRole('link', { name: 'Download Game' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/about$/);
  });
});
