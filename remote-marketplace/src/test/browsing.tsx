/**
 * For the catalogue pages' tests (pages render with `renderPage` of ./render): the browser APIs
 * jsdom lacks for infinite scroll (IntersectionObserver), scrolling (window.scrollTo) and layout,
 * under the test's control.
 */
import { act } from '@testing-library/react';

/** IntersectionObserver as a switch: `reveal()` tells every observer its targets are in view. */
export function fakeIntersection() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Set<Element> }>();
  class FakeObserver {
    private readonly entry: { callback: IntersectionObserverCallback; targets: Set<Element> };
    constructor(callback: IntersectionObserverCallback) {
      this.entry = { callback, targets: new Set() };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  const original = window.IntersectionObserver;
  window.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  return {
    reveal() {
      act(() => {
        for (const { callback, targets } of [...observers]) {
          const entries = [...targets].map(
            (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
          );
          callback(entries, {} as IntersectionObserver);
        }
      });
    },
    get count() {
      return observers.size;
    },
    restore() {
      window.IntersectionObserver = original;
    },
  };
}

/**
 * Scrolls the window to `offset` as a browser would (the offset, then a scroll event), and lets
 * the scroll come to rest (what waits for the end of a scroll has run).
 */
export async function scrollWindowTo(offset: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: offset, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
}

/**
 * jsdom lays nothing out: every box is at the viewport's top whatever the scroll. This puts every
 * element at the top of the page instead (its box moves up as the window scrolls), as a page
 * whose content starts at its top would.
 */
export function layOutAtPageTop() {
  return jest.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(() => {
    const top = -window.scrollY;
    return { top, bottom: top, y: top, left: 0, right: 0, x: 0, width: 0, height: 0 } as DOMRect;
  });
}

let scrollSpy: jest.SpiedFunction<typeof window.scrollTo> | null = null;

/**
 * For a test file of a catalogue page: each test starts with no kept lists, the window at the
 * top, and window.scrollTo recorded (jsdom has none; see `windowScrolls`).
 */
export function prepareBrowsing() {
  beforeEach(() => {
    sessionStorage.clear();
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    scrollSpy = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    scrollSpy?.mockRestore();
    scrollSpy = null;
  });
}

/** The calls to window.scrollTo in this test (see `prepareBrowsing`). */
export const windowScrolls = () => scrollSpy!.mock.calls;
