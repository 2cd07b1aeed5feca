/**
 * The typed event bus: the one channel between the host and the remotes.
 * It lives in @hypertek/shared, which every app shares as a federation singleton, so a remote
 * that emits and the host that listens hold the same bus.
 */
import type { Session } from '../contract/types';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastRequest {
  kind: ToastKind;
  message: string;
  /** Milliseconds; defaults follow the product (4 s neutral and error, 2 s success). */
  autoClose?: number;
  /** Same id: the host updates/keeps one toast instead of stacking copies. */
  id?: string;
}

export interface NavigationRequest {
  to: string;
  replace?: boolean;
  state?: unknown;
}

export interface HyperTekEvents {
  'session:changed': Session;
  'toast:requested': ToastRequest;
  'navigation:requested': NavigationRequest;
}

type Handler<T> = (payload: T) => void;

export interface EventBus<E> {
  on<K extends keyof E>(type: K, handler: Handler<E[K]>): () => void;
  emit<K extends keyof E>(type: K, payload: E[K]): void;
}

export function createEventBus<E>(): EventBus<E> {
  const handlers = new Map<keyof E, Set<Handler<never>>>();
  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler);
      return () => void set.delete(handler);
    },
    emit(type, payload) {
      // Copy first: a handler may unsubscribe while we iterate.
      for (const handler of [...(handlers.get(type) ?? [])]) {
        try {
          (handler as Handler<typeof payload>)(payload);
        } catch (error) {
          // One faulty listener (say, in a remote) must not stop the others.
          console.error(`[hypertek] listener of ${String(type)} failed`, error);
        }
      }
    },
  };
}

/** The site's bus. */
export const bus: EventBus<HyperTekEvents> = createEventBus<HyperTekEvents>();

/** Ask the host to show a toast (the host owns the toast container). */
export const notify = {
  success: (message: string, options: Omit<ToastRequest, 'kind' | 'message'> = {}) =>
    bus.emit('toast:requested', { kind: 'success', message, ...options }),
  error: (message: string, options: Omit<ToastRequest, 'kind' | 'message'> = {}) =>
    bus.emit('toast:requested', { kind: 'error', message, ...options }),
  info: (message: string, options: Omit<ToastRequest, 'kind' | 'message'> = {}) =>
    bus.emit('toast:requested', { kind: 'info', message, ...options }),
  warning: (message: string, options: Omit<ToastRequest, 'kind' | 'message'> = {}) =>
    bus.emit('toast:requested', { kind: 'warning', message, ...options }),
};

/** Ask the host's router to navigate (for code outside React components). */
export const requestNavigation = (request: NavigationRequest): void =>
  bus.emit('navigation:requested', request);
