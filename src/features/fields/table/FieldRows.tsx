import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { MouseEvent, RefObject } from 'react';
import { useInAppLinkClicks } from '../../../components/in-app-links';
import { FieldRow } from './FieldRow';
import type { FieldTableRow } from './FieldRow';
import { observeSizeAfterLayout, scrollUnlessThere, sizeBeforeMeasuring } from './scroller-reads';

/** Clicks on the row's own controls (link, switch, the checkbox's cell) do their own thing. */
function isOnControl(target: Element) {
  return target.closest('a, button, input, label, [data-control]') !== null;
}

/**
 * The rows in view and a few either side, between two spacers that keep the scroll
 * height. The virtualizer's state lives here, so scrolling draws this body alone (not
 * the header or the page), and each row in view that has not changed is skipped
 * (FieldRow). One click handler serves every row, so rows take no callbacks.
 */
/**
 * Rows drawn past each edge of the view, so that a quick scroll does not show a gap
 * before its rows are drawn. Each one is drawn, styled, laid out and checked by axe
 * on every load and every new view: at 12, half the rows of a 720-pixel window were
 * out of sight (docs/web-app.md, "Rows past the view").
 */
export const rowsDrawnBeyondView = 5;

/**
 * What scrolls the rows: the table's own scroller (`data-rows-scroller`), or on a phone
 * the page around it (`data-scroll-root`), which then scrolls as one with the toolbar
 * above the table. Both are found from the rows' own body: a parent's ref is attached
 * only after its children's layout effects, where the virtualizer looks for them.
 */
function useScrollRoot(body: RefObject<HTMLTableSectionElement | null>, withPage: boolean) {
  const scroller = () => body.current?.closest<HTMLElement>('[data-rows-scroller]') ?? null;
  const root = () =>
    (withPage ? body.current?.closest<HTMLElement>('[data-scroll-root]') : null) ?? scroller();
  // Where the table starts within the page's scroll: the rows' offsets count from there.
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const page = withPage ? root() : null;
    const table = scroller();
    if (!page || !table || page === table) return setMargin(0);
    const measure = () =>
      setMargin(
        table.getBoundingClientRect().top - page.getBoundingClientRect().top + page.scrollTop,
      );
    measure();
    // The toolbar above the table grows and shrinks (a selection's actions, chips).
    const observer = new ResizeObserver(measure);
    for (const child of page.children) observer.observe(child);
    return () => observer.disconnect();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [withPage]);
  return { root, margin };
}

export function FieldRows({
  rows,
  rowHeight,
  scrollsWithPage,
  columnCount,
  shownColumns,
  openFieldId,
  isSelected,
  onOpenField,
}: {
  rows: readonly FieldTableRow[];
  /** Pixels; each row's height at the table's density. */
  rowHeight: number;
  /** A phone's layout: the page scrolls, not the table. */
  scrollsWithPage: boolean;
  columnCount: number;
  shownColumns: string;
  openFieldId?: number;
  isSelected: (id: number) => boolean;
  onOpenField: (id: number) => void;
}) {
  const body = useRef<HTMLTableSectionElement>(null);
  const scrollRoot = useScrollRoot(body, scrollsWithPage);
  const [firstRect] = useState(() => sizeBeforeMeasuring(rowsDrawnBeyondView * rowHeight));
  // The app does not use the React Compiler; the body re-renders with the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: scrollRoot.root,
    estimateSize: () => rowHeight,
    overscan: rowsDrawnBeyondView,
    scrollMargin: scrollRoot.margin,
    // The first rows are drawn in the page's first commit, laid out once (scroller-reads.ts).
    initialRect: firstRect,
    observeElementRect: observeSizeAfterLayout,
    scrollToFn: scrollUnlessThere,
  });
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, rowHeight]);

  // A name's plain link (NameCell) opens its field through the router; a click
  // elsewhere on a row, but on none of its controls, opens it too.
  const followNameLink = useInAppLinkClicks();
  const openClickedRow = (event: MouseEvent<HTMLTableSectionElement>) => {
    followNameLink(event);
    const target = event.target as Element;
    const id = target.closest<HTMLElement>('tr[data-field-id]')?.dataset.fieldId;
    if (id !== undefined && !isOnControl(target)) onOpenField(Number(id));
  };

  const visible = virtualizer.getVirtualItems();
  const margin = scrollRoot.margin;
  const spaceAbove = (visible[0]?.start ?? margin) - margin;
  const spaceBelow = virtualizer.getTotalSize() - ((visible.at(-1)?.end ?? margin) - margin);
  return (
    // A plain tbody: Mantine's Table.Tbody styles its rows with :last-of-type and
    // :nth-of-type rules, which made the browser restyle every row in view whenever a
    // row scrolled in or out at the top (about 500 elements a frame instead of 130).
    <tbody ref={body} onClick={openClickedRow}>
      {spaceAbove > 0 && (
        <tr aria-hidden>
          <td colSpan={columnCount} style={{ height: spaceAbove, padding: 0 }} />
        </tr>
      )}
      {visible.map((item) => {
        const row = rows[item.index]!;
        const id = row.original.id;
        return (
          <FieldRow
            key={row.id}
            row={row}
            ariaRowIndex={item.index + 2}
            last={item.index === rows.length - 1}
            open={id === openFieldId}
            selected={isSelected(id)}
            shownColumns={shownColumns}
          />
        );
      })}
      {spaceBelow > 0 && (
        <tr aria-hidden>
          <td colSpan={columnCount} style={{ height: spaceBelow, padding: 0 }} />
        </tr>
      )}
    </tbody>
  );
}
