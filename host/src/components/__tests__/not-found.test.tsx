import { screen } from '@testing-library/react';

import { renderAt } from '../../testing/render';

describe('not-found screen', () => {
  it("shows 'Opps! 404' on a path no app owns, and 'Go Home' goes to /", async () => {
    const { user, location } = renderAt('/nope');

    expect(screen.getByRole('heading', { name: 'Opps! 404' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go Home' }));

    expect(location()).toBe('/');
    expect(await screen.findByRole('heading', { name: 'marketing/home' })).toBeInTheDocument();
    expect(screen.queryByText('Opps! 404')).not.toBeInTheDocument();
  });
});
