import { memo, useEffect, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { whenIdle } from './when-idle';

/**
 * A control that the first screen shows only as its button (a menu, a popover): its
 * code is not part of the JavaScript the first rows wait for (docs/web-app.md,
 * "Loading"). `Placeholder` draws the same button. The code is fetched once the browser
 * is idle after the page is drawn, or when the button is pointed at or focused; the
 * first click puts the control in the placeholder's place and passes the click on to
 * its button, with the focus.
 *
 * The placeholder stays until that click: a button that changed under a pointer on its
 * way to it, or under a test that had found it, would lose the click.
 */
export function deferredControl<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  Placeholder: ComponentType<Props>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const fetchCode = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed load (a new build deployed, the network gone) is tried again on the next use.
        loading = undefined;
        throw error;
      },
    ));
  const prefetch = () => void fetchCode().catch(() => undefined);

  function DeferredControl(props: Props) {
    const [Control, setControl] = useState(() => loaded);
    const [clicked, setClicked] = useState(false);
    const box = useRef<HTMLSpanElement>(null);

    useEffect(() => (loaded ? undefined : whenIdle(prefetch)), []);

    useEffect(() => {
      if (!clicked || Control) return;
      let current = true;
      fetchCode().then(
        (component) => current && setControl(() => component),
        () => current && setClicked(false),
      );
      return () => {
        current = false;
      };
    }, [clicked, Control]);

    useEffect(() => {
      const button = box.current?.querySelector('button');
      if (!Control || !clicked || !button) return;
      setClicked(false);
      button.focus();
      button.click();
    }, [Control, clicked]);

    return (
      <span ref={box} style={{ display: 'contents' }}>
        {Control ? (
          <Control {...props} />
        ) : (
          <span
            style={{ display: 'contents' }}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onClick={() => setClicked(true)}
          >
            <Placeholder {...props} />
          </span>
        )}
      </span>
    );
  }
  // Memoized as the controls it stands for are, so the page's renders for a search's
  // progress skip it.
  return memo(DeferredControl) as unknown as ComponentType<Props>;
}
