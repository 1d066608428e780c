/**
 * Runs `start` once the browser has painted the prerendered page: a page's code (React, the
 * page, hydration) is a long piece of work, and run before the first frame it would hold that
 * frame back although the markup is already there. In a tab that is not shown there is no
 * frame to wait for.
 */
export function afterFirstPaint(start: () => unknown): void {
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  // A timeout set inside an animation frame runs right after that frame is painted.
  requestAnimationFrame(() => setTimeout(start, 0));
}
