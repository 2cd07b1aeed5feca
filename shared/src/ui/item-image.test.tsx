import { fakeIntersectionObserver } from '@hypertek/shared/testing';
import { act, render, screen } from '@testing-library/react';

import { ItemImage } from './item-image';

describe('ItemImage', () => {
  const observer = fakeIntersectionObserver();
  beforeEach(() => observer.install());
  afterEach(() => observer.remove());

  it('asks for a first-screen picture at once, first, decoded with the page', () => {
    render(<ItemImage image="/api/v1/media/items/7.svg" alt="Void Hunter" kind="nfa" priority />);
    const image = screen.getByRole('img', { name: 'Void Hunter' });
    expect(image).toHaveAttribute('src', expect.stringMatching(/\/api\/v1\/media\/items\/7\.svg$/));
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).toHaveAttribute('decoding', 'sync');
  });

  it('asks for a picture below the first screen only once it comes near', () => {
    render(<ItemImage image="/api/v1/media/items/8.svg" alt="Neon Basin" kind="land" />);
    const image = screen.getByRole('img', { name: 'Neon Basin' });
    expect(image).not.toHaveAttribute('src');
    expect(image).toHaveClass('is-pending');
    act(() => observer.enter());
    expect(image).toHaveAttribute('src', expect.stringMatching(/\/api\/v1\/media\/items\/8\.svg$/));
    expect(image).not.toHaveClass('is-pending');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('decoding', 'async');
  });
});
