/**
 * A drawn part held by `HydrateLater` stays the server's HTML (kept, not rebuilt) until it comes
 * near the screen, then hydrates; a click on it before that hydrates it at once and still lands.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { useHydrating } from '@hypertek/shared';
import { fakeIntersectionObserver } from '@hypertek/shared/testing';

import { HydrateLater, openWhenNear, useHydrationGate } from './hydrate-later';

/** A card that says when it is live (hydrated: rendered with the browser's answers) and counts its clicks. */
function Card({ name }: { name: string }) {
  const live = !useHydrating();
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" data-card={name} onClick={() => setClicks((n) => n + 1)}>
      {name} {live ? 'live' : 'drawn'} {clicks}
    </button>
  );
}

/** Two cards hydrated with the page, two held until near; `tick` re-renders the list. */
function List({ tick = 0 }: { tick?: number }) {
  const gate = useHydrationGate();
  const list = useRef<HTMLDivElement>(null);
  const held = useMemo(
    () => (
      <HydrateLater gate={gate}>
        <Card name="C" />
        <Card name="D" />
      </HydrateLater>
    ),
    [gate],
  );
  useEffect(() => openWhenNear(gate, Array.from(list.current?.children ?? []).slice(2)), [gate]);
  return (
    <div ref={list} data-tick={tick}>
      <Card name="A" />
      <Card name="B" />
      {held}
    </div>
  );
}

const observer = fakeIntersectionObserver();
let root: Root | null = null;
const errors: unknown[] = [];

async function drawAndHydrate() {
  // The server has no IntersectionObserver: it draws every card.
  observer.remove();
  const container = document.createElement('div');
  container.innerHTML = renderToString(<List />);
  document.body.append(container);
  const drawn = Array.from(container.querySelectorAll('button'));
  observer.install();
  await act(async () => {
    root = hydrateRoot(container, <List />, { onRecoverableError: (error) => errors.push(error) });
    await Promise.resolve();
  });
  return { container, drawn };
}

const card = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^${name} `) }).textContent;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  errors.length = 0;
  observer.remove();
});

describe('HydrateLater', () => {
  it('keeps the held part as drawn until it comes near, then hydrates it in place', async () => {
    const { container, drawn } = await drawAndHydrate();
    expect([card('A'), card('B'), card('C'), card('D')]).toEqual([
      'A live 0',
      'B live 0',
      'C drawn 0',
      'D drawn 0',
    ]);
    // Watching the held cards' elements, as drawn.
    expect(observer.watched()).toEqual(drawn.slice(2));

    await act(async () => {
      observer.enter();
      await Promise.resolve();
    });
    expect([card('C'), card('D')]).toEqual(['C live 0', 'D live 0']);
    // Adopted, not rebuilt: the same elements, and no mismatch reported.
    expect(Array.from(container.querySelectorAll('button'))).toEqual(drawn);
    expect(errors).toEqual([]);
  });

  it('hydrates a held part at once when the visitor clicks in it, and the click lands', async () => {
    await drawAndHydrate();
    expect(card('D')).toBe('D drawn 0');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /^D / }));
      await Promise.resolve();
    });
    expect(card('D')).toBe('D live 1');
    expect(card('C')).toBe('C live 0');
    expect(errors).toEqual([]);
  });

  it('renders at once where nothing is hydrated (a page the browser builds)', async () => {
    observer.install();
    const container = document.createElement('div');
    document.body.append(container);
    const { createRoot } = await import('react-dom/client');
    const fresh = createRoot(container);
    await act(async () => {
      fresh.render(<List />);
      await Promise.resolve();
    });
    expect([card('C'), card('D')]).toEqual(['C live 0', 'D live 0']);
    expect(observer.watched()).toEqual([]);
    act(() => fresh.unmount());
  });
});
