/** What a visitor does just before a click, a tap or a keystroke. */
const INTENT_EVENTS = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin'] as const;

/**
 * Calls `callback` once, at the visitor's first sign of intent (a pointer moving or pressed, a
 * touch, a key, a focus): the moment to fetch code that only an interaction needs, so that a
 * visitor who only reads a drawn page never downloads it, and one who acts has it in time (a
 * pointerdown comes ~100 ms before its click). Returns the function that stops listening.
 */
export function onFirstIntent(callback: () => void, target: EventTarget = window): () => void {
  const stop = () => {
    for (const type of INTENT_EVENTS) target.removeEventListener(type, start, true);
  };
  function start() {
    stop();
    callback();
  }
  for (const type of INTENT_EVENTS)
    target.addEventListener(type, start, { capture: true, passive: true });
  return stop;
}
