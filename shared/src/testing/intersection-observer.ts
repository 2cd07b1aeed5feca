/**
 * A browser's IntersectionObserver driven by the test: `install()` puts it on `window` (jsdom has
 * none), `enter()` brings every watched element near, `watched()` lists them, `remove()` takes it
 * away again (as on the server).
 */
export function fakeIntersectionObserver() {
  const watching: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  class FakeObserver {
    constructor(private readonly callback: IntersectionObserverCallback) {
      watching.push({ callback, elements: [] });
    }
    observe(element: Element) {
      watching.find((w) => w.callback === this.callback)?.elements.push(element);
    }
    disconnect() {
      const at = watching.findIndex((w) => w.callback === this.callback);
      if (at >= 0) watching.splice(at, 1);
    }
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  return {
    install() {
      Object.defineProperty(window, 'IntersectionObserver', {
        configurable: true,
        writable: true,
        value: FakeObserver,
      });
    },
    watched: () => watching.flatMap((w) => w.elements),
    enter() {
      for (const { callback, elements } of [...watching])
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
