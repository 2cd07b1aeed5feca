import { act, fireEvent, screen, within } from '@testing-library/react';

import { renderPage } from '../../../test/render-page';
import { TESTIMONIALS } from '../data/testimonials';
import FunnelPage from '../funnel-page';

const carousel = () => screen.getByTestId('testimonial-carousel');
/** The names on the cards shown, in order. */
const shownNames = () =>
  within(carousel())
    .getAllByRole('group')
    .map((slide) => slide.querySelector('strong')!.textContent);
const names = TESTIMONIALS.map((t) => t.name);
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
/** Lets `n` intervals pass, one at a time (each step schedules the next after React renders). */
const advanceSteps = (n: number) => {
  for (let i = 0; i < n; i++) advance(4000);
};

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}

beforeEach(() => {
  jest.useFakeTimers();
  setWindowWidth(1280);
});
afterEach(() => jest.useRealTimers());

describe('Testimonial carousel', () => {
  it('shows 3 cards at 768 px and wider, 1 below, following resizes', () => {
    setWindowWidth(768);
    renderPage(<FunnelPage />);
    expect(shownNames()).toEqual(names.slice(0, 3));
    setWindowWidth(767);
    expect(shownNames()).toEqual([names[0]]);
    setWindowWidth(1024);
    expect(shownNames()).toHaveLength(3);
  });

  it('advances every 4 seconds and loops back to the first', () => {
    setWindowWidth(390);
    renderPage(<FunnelPage />);
    expect(shownNames()).toEqual([names[0]]);
    advance(3999);
    expect(shownNames()).toEqual([names[0]]);
    advance(1);
    expect(shownNames()).toEqual([names[1]]);
    advanceSteps(3);
    expect(shownNames()).toEqual([names[4]]);
    advance(4000);
    expect(shownNames()).toEqual([names[0]]);
  });

  it('wraps round the end of the list when three are shown', () => {
    renderPage(<FunnelPage />);
    advanceSteps(3);
    expect(shownNames()).toEqual([names[3], names[4], names[0]]);
  });

  it('pauses while the pointer is over it', () => {
    renderPage(<FunnelPage />);
    fireEvent.mouseEnter(carousel());
    advance(12000);
    expect(shownNames()[0]).toBe(names[0]);
    fireEvent.mouseLeave(carousel());
    advance(4000);
    expect(shownNames()[0]).toBe(names[1]);
  });

  it('dots jump to an item and mark it current', () => {
    renderPage(<FunnelPage />);
    const dot = screen.getByRole('button', { name: `Show testimonial 4: ${names[3]}` });
    fireEvent.click(dot);
    expect(shownNames()).toEqual([names[3], names[4], names[0]]);
    expect(dot).toHaveAttribute('aria-current', 'true');
    expect(
      screen
        .getAllByRole('button', { name: /^Show testimonial/ })
        .filter((d) => d.hasAttribute('aria-current')),
    ).toHaveLength(1);
    // The wait restarts from the jump.
    advance(3999);
    expect(shownNames()[0]).toBe(names[3]);
    advance(1);
    expect(shownNames()[0]).toBe(names[4]);
  });

  it('the stop button halts the slide show until it is started again', () => {
    renderPage(<FunnelPage />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop automatic slide show' }));
    advance(20000);
    expect(shownNames()[0]).toBe(names[0]);
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    advance(4000);
    expect(shownNames()[0]).toBe(names[1]);
  });
});
