import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { FocusEvent, ReactNode } from 'react';

const loadFloatingLabel = () => import('./FloatingLabel');
const FloatingLabel = lazy(async () => ({ default: (await loadFloatingLabel()).FloatingLabel }));

/** How long the pointer rests on the target before the label shows, so sweeping across rows shows nothing. */
const OPEN_DELAY_MS = 300;

/**
 * A tooltip that exists only while it is shown. A Mantine `Tooltip` around every name in a table sets up
 * a floating element per row at render (the largest part of drawing a page of rows), though a user
 * hovers one at a time. Spread `targetProps` on the element the label describes and render `tooltip`
 * beside it (a sibling, so the target is never remounted and keeps focus). Focus opens it at once,
 * the pointer after a short rest, and Escape closes it (docs/web-app.md, "Tooltips").
 */
export function useLazyTooltip<Target extends HTMLElement>(label: ReactNode) {
  const target = useRef<Target>(null);
  const [opened, setOpened] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);

  const open = () => {
    cancel();
    setOpened(true);
  };
  const close = () => {
    cancel();
    setOpened(false);
  };
  useEffect(() => {
    if (!opened) return;
    // Escape dismisses the label wherever focus is, pointer-opened ones included.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpened(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [opened]);

  const targetProps = {
    ref: target,
    onMouseEnter: () => {
      cancel();
      // The label's code loads while the pointer rests.
      void loadFloatingLabel();
      timer.current = setTimeout(open, OPEN_DELAY_MS);
    },
    onMouseLeave: close,
    onFocus: open,
    onBlur: (event: FocusEvent<Target>) => {
      if (!event.currentTarget.contains(event.relatedTarget)) close();
    },
  };
  const tooltip = opened ? (
    <Suspense fallback={null}>
      <FloatingLabel label={label} target={target} />
    </Suspense>
  ) : null;
  return { targetProps, tooltip };
}
