import { useEffect, useRef, useState } from 'react';

/** How far below the screen a section starts being built: about a screen ahead of the scroll. */
const AHEAD = '800px';
/** The longest a section waits for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/** Calls `work` when the browser is next idle; answers how to cancel it. */
function whenIdle(work: () => void): () => void {
  const { requestIdleCallback, cancelIdleCallback } = window;
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(work, IDLE_TIMEOUT_MS);
  return () => clearTimeout(timer);
}

/**
 * True once a section far down the page may be built (and ask for its data): when
 * it comes within a screen of the viewport, or when the browser is first idle after
 * it was mounted, whichever is first. The page's charts then draw without waiting
 * for it, and a reader who scrolls down finds it built. Spread `ref` on the
 * section's outer element, which is there (with a placeholder) from the start.
 */
export function useDeferredBuild<Target extends HTMLElement>() {
  const ref = useRef<Target>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (ready || !element) return;
    const build = () => setReady(true);
    const cancelIdle = whenIdle(build);
    if (typeof IntersectionObserver === 'undefined') return cancelIdle;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) build();
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    observer.observe(element);
    return () => {
      cancelIdle();
      observer.disconnect();
    };
  }, [ready]);
  return { ref, ready };
}
