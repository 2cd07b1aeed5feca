import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';

import { renderPage } from '../../test/render-page';
import WhitepapersPage from '../../features/whitepapers/whitepapers-page';
import DisclaimerPage from '../../features/legal/disclaimer-page';
import TermsPage from '../../features/legal/terms-page';

const pages: [string, ComponentType, string][] = [
  ['/whitepapers', WhitepapersPage, 'The Hyper Tek Economy'],
  ['/disclaimer', DisclaimerPage, 'Disclaimer'],
  ['/terms', TermsPage, 'Terms and Conditions'],
];

describe.each(pages)('%s', (path, Page, title) => {
  it('has one h1, and a table of contents linking to every section', () => {
    renderPage(<Page />, path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);

    const toc = screen.getByRole('navigation', { name: 'On this page' });
    const links = within(toc).getAllByRole('link');
    const sections = screen.getAllByRole('heading', { level: 2 });
    expect(links.length).toBeGreaterThanOrEqual(5);
    expect(links).toHaveLength(sections.length);
    links.forEach((link, i) => {
      const target = document.getElementById(link.getAttribute('href')!.slice(1));
      expect(target).toContainElement(sections[i]!);
      expect(sections[i]).toHaveTextContent(link.textContent);
    });
  });
});
