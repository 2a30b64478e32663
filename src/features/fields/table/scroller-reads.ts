import { elementScroll } from '@tanstack/react-virtual';
import type { Rect, Virtualizer } from '@tanstack/react-virtual';

// How the rows' virtualizer reads and writes its scroller without laying the page out
// before the first rows are drawn. By default, as it first finds its scroller it reads
// the scroller's size and scrolls it to where it already is: each makes the browser lay
// out the page there and then, without its rows, which came in a third commit
// (bench/results/first-screen.md).

type RowsVirtualizer = Virtualizer<HTMLElement, Element>;

/**
 * The size the rows are drawn for until the scroller reports its own: the window's, less
 * the rows drawn past the view's edge (`drawnBeyondView`, pixels), so that with those the
 * first rows reach the window's bottom, which no scroller of the page passes. Read once,
 * as the rows are first drawn.
 */
export const sizeBeforeMeasuring = (drawnBeyondView: number): Rect => ({
  width: window.innerWidth,
  height: Math.max(0, window.innerHeight - drawnBeyondView),
});

/**
 * The scroller's size once the browser has laid it out, from a ResizeObserver: its
 * first report comes after the layout that draws the first rows, and rows it adds or
 * removes are drawn after that frame.
 */
export function observeSizeAfterLayout(
  instance: RowsVirtualizer,
  onSize: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  if (!element) return undefined;
  const observer = new ResizeObserver(() =>
    onSize({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/**
 * Scrolls only when that moves the scroller from where its scroll events last put it:
 * a new scroller is at its top, where the virtualizer asks for it to be.
 */
export const scrollUnlessThere: typeof elementScroll = (offset, options, instance) => {
  if (offset + (options.adjustments ?? 0) === instance.scrollOffset) return;
  elementScroll(offset, options, instance);
};
