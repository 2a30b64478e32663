import { useEffect, useRef, useState } from 'react';
import { whenIdle } from '../../components/when-idle';

/** How far below the screen a section starts being built: about a screen ahead of the scroll. */
const AHEAD = '800px';

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
