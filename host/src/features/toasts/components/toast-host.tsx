/**
 * Shows every toast of the site: top right under the top bar, at most 20 at once, 4 s
 * for neutral and error toasts, 2 s for success. Remotes ask for toasts through the bus.
 * react-toastify is loaded on the first toast, so it costs nothing before the first paint.
 *
 * An error toast is about the page and the attempt that raised it (a form's 'Passwords do not
 * match'): it goes when the path changes and when a success toast arrives, so it never stays on
 * the next page after the form went through.
 */
import { bus, type ToastRequest } from '@hypertek/shared';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type * as ReactToastify from './toastify';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '../../../lib/constants';

type Toastify = typeof ReactToastify;

let toastify: Promise<Toastify> | null = null;
// Its stylesheet comes with it (see toastify.ts).
const loadToastify = () => (toastify ??= import('./toastify'));

type ToastId = ReturnType<Toastify['toast']>;

function show({ toast }: Toastify, request: ToastRequest, errors: Set<ToastId>) {
  if (request.kind === 'success') dismissAll({ toast }, errors);
  const autoClose =
    request.autoClose ??
    (request.kind === 'success' ? TOAST_DURATION_MS.success : TOAST_DURATION_MS.neutral);
  if (request.id && toast.isActive(request.id)) {
    toast.update(request.id, { render: request.message, autoClose });
    if (request.kind === 'error') errors.add(request.id);
  } else {
    const id = toast[request.kind](request.message, { autoClose, toastId: request.id });
    if (request.kind === 'error') errors.add(id);
  }
}

function dismissAll({ toast }: Pick<Toastify, 'toast'>, errors: Set<ToastId>) {
  errors.forEach((id) => toast.dismiss(id));
  errors.clear();
}

export function ToastHost() {
  const [lib, setLib] = useState<Toastify | null>(null);
  const pending = useRef<ToastRequest[]>([]);
  const ready = useRef<Toastify | null>(null);
  const errors = useRef(new Set<ToastId>());

  useEffect(
    () =>
      bus.on('toast:requested', (request) => {
        if (ready.current) return show(ready.current, request, errors.current);
        pending.current.push(request);
        void loadToastify().then(setLib);
      }),
    [],
  );

  // A new path: the error toasts of the page left behind go (shown, or still waiting to be).
  // Before the new page's own effects run, which may ask for toasts of their own.
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useLayoutEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    pending.current = pending.current.filter((request) => request.kind !== 'error');
    if (ready.current) dismissAll(ready.current, errors.current);
  }, [pathname]);

  // Once the container is mounted, show what arrived while the library was loading.
  // (In a task of its own: StrictMode remounts the new container at once in development, and a
  // remount drops the toasts the container held.)
  useEffect(() => {
    if (!lib) return;
    const timer = setTimeout(() => {
      ready.current = lib;
      pending.current.splice(0).forEach((request) => show(lib, request, errors.current));
    });
    return () => clearTimeout(timer);
  }, [lib]);

  if (!lib) return null;
  const { ToastContainer } = lib;
  return (
    <ToastContainer
      position="top-right"
      limit={TOAST_LIMIT}
      autoClose={TOAST_DURATION_MS.neutral}
      theme="dark"
      newestOnTop
      closeOnClick
      pauseOnFocusLoss={false}
    />
  );
}
