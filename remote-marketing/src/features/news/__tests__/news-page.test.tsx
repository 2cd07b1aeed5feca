import { screen, within } from '@testing-library/react';

import { renderPage } from '../../../test/render-page';
import { NEWS_ARTICLES } from '../data/news-articles';
import NewsPage from '../news-page';

it('lists every dispatch with its date and flags the coming update', () => {
  renderPage(<NewsPage />, '/news');
  expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeInTheDocument();
  expect(screen.getByText('New update coming up on the 25th of august')).toBeInTheDocument();
  const articles = screen.getAllByRole('article');
  expect(articles).toHaveLength(NEWS_ARTICLES.length);
  expect(within(articles[0]!).getByRole('heading', { level: 2 })).toHaveTextContent(
    NEWS_ARTICLES[0]!.title,
  );
  expect(within(articles[0]!).getByText('12 November 2026')).toHaveAttribute(
    'datetime',
    '2026-11-12',
  );
});
