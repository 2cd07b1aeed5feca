import { act, render, screen } from '@testing-library/react';

import { ItemImage } from './item-image';

/** A browser's IntersectionObserver, driven by the test: `enter()` brings the watched elements near. */
function installObserver() {
  const watching: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {
      watching.push({ callback, elements: [] });
    }
    observe(element: Element) {
      watching.find((w) => w.callback === this.callback)?.elements.push(element);
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: FakeObserver,
  });
  return {
    enter() {
      for (const { callback, elements } of watching)
        callback(
          elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
          {} as IntersectionObserver,
        );
    },
    remove() {
      Reflect.deleteProperty(window, 'IntersectionObserver');
    },
  };
}

describe('ItemImage', () => {
  let observer: ReturnType<typeof installObserver>;
  beforeEach(() => {
    observer = installObserver();
  });
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
