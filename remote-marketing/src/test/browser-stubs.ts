/**
 * The browser APIs jsdom leaves out and the pages use — `matchMedia` and `IntersectionObserver` —
 * as small fakes that tests can drive: `setReducedMotion(true)`, `scrollIntoView(element)`.
 */
let reducedMotion = false;
let onScreenAtOpen = false;

/** Makes `(prefers-reduced-motion: reduce)` match (or not) for components rendered afterwards. */
export function setReducedMotion(value: boolean): void {
  reducedMotion = value;
}

/**
 * Whether elements are on the first screen when observed (an observer's first report says so, as
 * a browser's does); below the fold by default.
 */
export function setOnScreenAtOpen(value: boolean): void {
  onScreenAtOpen = value;
}

class FakeIntersectionObserver {
  static instances = new Set<FakeIntersectionObserver>();
  readonly targets = new Set<Element>();
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds = [0];

  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.add(this);
  }
  observe(target: Element): void {
    this.targets.add(target);
    // A browser's observer reports each target's state once it observes it (later, after layout;
    // here at once, inside the effect that observes).
    this.report(target, onScreenAtOpen);
  }
  unobserve(target: Element): void {
    this.targets.delete(target);
  }
  disconnect(): void {
    this.targets.clear();
    FakeIntersectionObserver.instances.delete(this);
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  fire(target: Element): void {
    this.report(target, true);
  }
  private report(target: Element, isIntersecting: boolean): void {
    const entry = { target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 };
    this.callback([entry as IntersectionObserverEntry], this);
  }
}

/** Tells every observer watching `element` that it has scrolled into view. */
export function scrollIntoView(element: Element): void {
  for (const observer of [...FakeIntersectionObserver.instances]) {
    if (observer.targets.has(element)) observer.fire(element);
  }
}

/** How many elements are still watched (0 once every reveal has played). */
export const observedCount = (): number =>
  [...FakeIntersectionObserver.instances].reduce((sum, o) => sum + o.targets.size, 0);

export function installBrowserStubs(): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      Object.assign(new EventTarget(), {
        matches: query.includes('prefers-reduced-motion') && reducedMotion,
        media: query,
        onchange: null,
      }) as unknown as MediaQueryList,
  });
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    value: FakeIntersectionObserver,
  });
  afterEach(() => {
    reducedMotion = false;
    onScreenAtOpen = false;
    FakeIntersectionObserver.instances.clear();
  });
}
