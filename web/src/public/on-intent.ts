/**
 * Runs `start` at the visitor's first sign of interaction with the page — a pointer over it or
 * pressed, a touch, a key, focus moving into it, autofill typing — or at once through the
 * returned `now()`. A prerendered page that is complete on screen (the portal's welcome view)
 * thus loads and runs its code only when it is about to be used, instead of competing with
 * the first paint on a slow phone.
 *
 * `start` resolves to the function that takes the page over (it replaces the markup): that one
 * runs only while no pointer or key is held down, so a click that began on the prerendered
 * markup ends on it too (and is replayed by the page), never on a button that vanished under it.
 */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'input'] as const;

export function onIntent(start: () => Promise<() => void>): { now: () => void } {
  let started = false;
  let pressed = false;
  let takeOver: (() => void) | undefined;
  const run = () => {
    if (!takeOver || pressed) return;
    const ready = takeOver;
    takeOver = undefined;
    ready();
  };
  const press = () => {
    pressed = true;
  };
  // After the click that follows the release (it is dispatched in the same task).
  const release = () =>
    setTimeout(() => {
      pressed = false;
      run();
    }, 0);
  const listeners: [string, EventListener][] = [
    ['pointerdown', press],
    ['keydown', press],
    ['pointerup', release],
    ['pointercancel', release],
    ['keyup', release],
  ];
  for (const [name, listener] of listeners) document.addEventListener(name, listener, true);

  const now = () => {
    if (started) return;
    started = true;
    for (const name of INTENT_EVENTS) document.removeEventListener(name, now, true);
    void start().then((ready) => {
      takeOver = () => {
        for (const [name, listener] of listeners) document.removeEventListener(name, listener, true);
        ready();
      };
      run();
    });
  };
  for (const name of INTENT_EVENTS) document.addEventListener(name, now, { capture: true, passive: true });
  return { now };
}
