import { fireEvent, screen } from '@testing-library/react';

import { renderPage } from '../../../test/render-page';
import FaqPage from '../faq-page';

describe('FAQ page', () => {
  it('groups the questions under headings, each a closed <details> that opens on click', () => {
    const { container } = renderPage(<FaqPage />, '/faq');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Frequently Asked Questions',
    );
    expect(screen.getAllByRole('heading', { level: 2 }).length).toBeGreaterThanOrEqual(3);

    const items = container.querySelectorAll('details');
    expect(items.length).toBeGreaterThanOrEqual(10);
    for (const item of items) expect(item).not.toHaveAttribute('open');

    const question = screen.getByText('Will Hyper Tek ever ask for my seed phrase?');
    expect(question.tagName).toBe('SUMMARY');
    fireEvent.click(question);
    expect(question.closest('details')).toHaveAttribute('open');
    expect(screen.getByText(/No one from Hyper Tek will ask for your seed phrase/)).toBeVisible();
  });

  it('quotes the fee and the offer durations from the shared constants', () => {
    renderPage(<FaqPage />, '/faq');
    expect(screen.getByText(/flat platform fee of 0.5 USDT/)).toBeInTheDocument();
    expect(screen.getByText(/6 Hours, 12 Hours, 6 Months, 12 Months, 1 Year/)).toBeInTheDocument();
  });
});
