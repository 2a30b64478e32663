import { lazy, memo, Suspense, useLayoutEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';

/**
 * A dialog whose code is loaded the first time it opens (by a shortcut or a button),
 * not with the page. Once loaded it stays mounted, so it closes with its transition.
 */
export function deferredDialog<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  isOpen: (props: Props) => boolean,
): ComponentType<Props> {
  const Dialog = lazy(async () => ({ default: await load() }));
  function DeferredDialog(props: Props) {
    const opened = isOpen(props);
    const [wanted, setWanted] = useState(opened);
    if (opened && !wanted) setWanted(true);
    useFocusBackAfterFirstOpening(opened);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return memo(DeferredDialog) as unknown as ComponentType<Props>;
}

/**
 * The first opening mounts the dialog already open, which a modal does not take as an
 * opening (it records where the focus was only when `opened` changes), so it would
 * leave the focus nowhere when it closes. That once, the focus goes back here.
 */
function useFocusBackAfterFirstOpening(opened: boolean) {
  const first = useRef(true);
  const openedFrom = useRef<Element | null>(null);
  useLayoutEffect(() => {
    if (opened && first.current) {
      first.current = false;
      openedFrom.current = document.activeElement;
      return;
    }
    const target = openedFrom.current;
    if (opened || !(target instanceof HTMLElement)) return;
    openedFrom.current = null;
    // After the modal lets go of the focus it held.
    const timer = setTimeout(() => {
      const lost = !document.activeElement || document.activeElement === document.body;
      if (lost && target.isConnected) target.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [opened]);
}
