/**
 * Shows every toast of the site (SPEC §2, §9): top right, at most 20 at once, 4 s for neutral and
 * error toasts, 2 s for success. Remotes ask for toasts through the bus. react-toastify is loaded
 * on the first toast, so it costs nothing before the first paint.
 */
import { bus, TOAST_DURATION_MS, TOAST_LIMIT, type ToastRequest } from '@hypertek/shared';
import { useEffect, useRef, useState } from 'react';
import type * as ReactToastify from 'react-toastify';

type Toastify = typeof ReactToastify;

let toastify: Promise<Toastify> | null = null;
// react-toastify 11 injects its own styles when it loads.
const loadToastify = () => (toastify ??= import('react-toastify'));

function show({ toast }: Toastify, request: ToastRequest) {
  const autoClose =
    request.autoClose ??
    (request.kind === 'success' ? TOAST_DURATION_MS.success : TOAST_DURATION_MS.neutral);
  if (request.id && toast.isActive(request.id)) {
    toast.update(request.id, { render: request.message, autoClose });
  } else {
    toast[request.kind](request.message, { autoClose, toastId: request.id });
  }
}

export function ToastHost() {
  const [lib, setLib] = useState<Toastify | null>(null);
  const pending = useRef<ToastRequest[]>([]);
  const ready = useRef<Toastify | null>(null);

  useEffect(
    () =>
      bus.on('toast:requested', (request) => {
        if (ready.current) return show(ready.current, request);
        pending.current.push(request);
        void loadToastify().then(setLib);
      }),
    [],
  );

  // Once the container is mounted, show what arrived while the library was loading.
  // (In a task of its own: StrictMode remounts the new container at once in development, and a
  // remount drops the toasts the container held.)
  useEffect(() => {
    if (!lib) return;
    const timer = setTimeout(() => {
      ready.current = lib;
      pending.current.splice(0).forEach((request) => show(lib, request));
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
