/**
 * The page the web server draws (`renderSite`, the whole site in one tree) is the page the browser
 * hydrates: React adopts every element, reports no mismatch, keeps the route's page as drawn (and
 * inert) until its remote's code arrives, and shows a signed-in visitor their session right after.
 */
import { signIn } from '@hypertek/shared/testing';
import { useSession } from '@hypertek/shared';
import { act, waitFor } from '@testing-library/react';
import { StrictMode, useId, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';

import { forgetPageDrawn } from '../../lib/hydration';
import { renderSite } from '../../prerender/frames';
import { loadRemoteMock } from '../../testing/remotes';
import { App } from '../app';

/** A page with what makes hydration fail when done wrong: an id, the session, state. */
function Lands() {
  const id = useId();
  const { isLoggedInUser } = useSession();
  const [clicks, setClicks] = useState(0);
  return (
    <section aria-labelledby={id}>
      <h1 id={id}>Lands</h1>
      <p>{isLoggedInUser ? 'Welcome back' : 'Sign in to sell'}</p>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        Clicked {clicks}
      </button>
    </section>
  );
}

/** The document the web server answers for /land, and the page's code, held back until `arrive`. */
function drawLand() {
  window.history.pushState({}, '', '/land');
  const html = renderSite('/land', { remote: 'marketplace', module: 'land', Page: Lands });
  document.body.innerHTML = `<div id="root" data-hydrate inert>${html}</div>`;
  const root = document.getElementById('root') as HTMLElement;
  let arrive = () => {};
  loadRemoteMock.mockImplementation(
    () =>
      new Promise((resolve) => {
        arrive = () => resolve({ default: Lands });
      }),
  );
  return { root, arrive: () => arrive() };
}

/** Runs `work` inside act, and lets the promises it settles run their callbacks. */
const inAct = (work: () => void) =>
  act(async () => {
    work();
    await Promise.resolve();
  });

let hydrated: Root | null = null;
afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = null;
  forgetPageDrawn();
});

async function hydrate(root: HTMLElement) {
  const mismatches: unknown[] = [];
  await inAct(() => {
    hydrated = hydrateRoot(
      root,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: (error) => mismatches.push(error) },
    );
  });
  return mismatches;
}

it('adopts every element the server drew, keeps the page as drawn and inert until its code arrives, and reports no mismatch', async () => {
  const errors = jest.spyOn(console, 'error');
  const { root, arrive } = drawLand();
  const drawn = [...root.querySelectorAll('*')];
  expect(drawn.length).toBeGreaterThan(30);

  const mismatches = await hydrate(root);
  const route = root.querySelector<HTMLElement>('.remote-route');
  expect(root).not.toHaveAttribute('inert');
  expect(route).toHaveAttribute('inert');
  expect(route).not.toHaveAttribute('data-remote');

  await inAct(arrive);
  await waitFor(() => expect(route).toHaveAttribute('data-remote', 'marketplace'));
  expect(route).not.toHaveAttribute('inert');
  expect(drawn.filter((element) => !element.isConnected)).toEqual([]);
  expect(mismatches).toEqual([]);
  expect(errors).not.toHaveBeenCalled();

  // Live: a click is answered.
  const button = root.querySelector('section button') as HTMLButtonElement;
  await inAct(() => button.click());
  expect(button).toHaveTextContent('Clicked 1');
});

it('a signed-in visitor: drawn and hydrated signed out, then their session, without a mismatch', async () => {
  const errors = jest.spyOn(console, 'error');
  signIn();
  const { root, arrive } = drawLand();
  expect(root.querySelector('section p')).toHaveTextContent('Sign in to sell');
  const mismatches = await hydrate(root);
  await inAct(arrive);
  await waitFor(() => expect(root.querySelector('section p')).toHaveTextContent('Welcome back'));
  expect(mismatches).toEqual([]);
  expect(errors).not.toHaveBeenCalled();
});
