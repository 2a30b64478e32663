import { useEffect, useState } from 'react';

/**
 * Calls `callback` once the browser has painted its next frame; answers a function that
 * cancels it. React runs an urgent update's effects before the browser paints, and a
 * deferred value (`useDeferredValue`) is often rendered before the paint as well; a task
 * queued from the next animation frame runs after that frame is painted. A hidden tab
 * paints no frames: there the callback waits until the tab is shown.
 */
export function afterNextPaint(callback: () => void): () => void {
  let task: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    task = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(task);
  };
}

/**
 * `value` once the browser has painted the frame that shows it: `initial` until
 * then, and the previous value for a frame after each change. For work a page can
 * start a frame later, such as looking up names for rows just drawn.
 */
export function useValueAfterPaint<T>(value: T, initial: T): T {
  const [painted, setPainted] = useState(initial);
  useEffect(() => afterNextPaint(() => setPainted(() => value)), [value]);
  return painted;
}
