/**
 * Ends the current task: the promise resolves in a later one, so the browser can paint and answer
 * a tap in between. The start of the app is cut this way into tasks short enough that none blocks
 * input for long on a phone (docs/architecture.md, "Start in short tasks").
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
