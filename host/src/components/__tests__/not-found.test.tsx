import { screen } from '@testing-library/react';

import { renderAt } from '../../testing/render';

describe('not-found screen', () => {
  it("shows 'Opps! 404' on a path no app owns, and 'Go Home' goes to /", async () => {
    const { clickTo } = renderAt('/nope');

    expect(screen.getByRole('heading', { name: 'Opps! 404' })).toBeInTheDocument();

    await clickTo(screen.getByRole('button', { name: 'Go Home' }), '/', 'marketing/home');
    expect(screen.queryByText('Opps! 404')).not.toBeInTheDocument();
  });
});
