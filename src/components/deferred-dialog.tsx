import { lazy, memo, Suspense, useState } from 'react';
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
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return memo(DeferredDialog) as unknown as ComponentType<Props>;
}
