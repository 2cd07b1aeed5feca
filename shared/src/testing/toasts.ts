/** The toasts pages ask the host for, as a test reads them. */
import { bus, type ToastRequest } from '../events/event-bus';

/**
 * Records the toasts pages ask the host for. Call it once, at the top of a test file: the list is
 * emptied before each test.
 */
export function recordToasts(): ToastRequest[] {
  const toasts: ToastRequest[] = [];
  let stop: () => void = () => undefined;
  beforeEach(() => {
    toasts.length = 0;
    stop = bus.on('toast:requested', (toast) => toasts.push(toast));
  });
  afterEach(() => stop());
  return toasts;
}
