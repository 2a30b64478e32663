import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode, RefObject } from 'react';
import { plural } from './plural';

/**
 * A list this long or shorter is drawn whole: it costs less than measuring its items,
 * and shows at its height at once, without items moving as they are measured.
 */
export const DRAWN_WHOLE_UP_TO = 100;

/** Items drawn past each edge of the view, so a quick scroll shows no gap before they are drawn. */
const ITEMS_BEYOND_VIEW = 8;

/** Where a key takes the box: a line, a view, or an end, as a browser scrolls a box. */
function scrollTarget(key: string, box: HTMLElement, line: number): number | undefined {
  const view = Math.max(line, box.clientHeight - line);
  switch (key) {
    case 'ArrowDown':
      return box.scrollTop + line;
    case 'ArrowUp':
      return box.scrollTop - line;
    case 'PageDown':
      return box.scrollTop + view;
    case 'PageUp':
      return box.scrollTop - view;
    case 'Home':
      return 0;
    case 'End':
      return box.scrollHeight;
    default:
      return undefined;
  }
}

interface ListProps<Item> {
  /** The list's name; the scrolling box's adds the count. */
  label: string;
  /** How many items the list holds, read or not. */
  count: number;
  /** The item at `index`; undefined while it is being read (a page of a server's list). */
  itemAt: (index: number) => Item | undefined;
  renderItem: (item: Item) => ReactNode;
  /** Told the first and last index drawn, whenever they change: the pages to read. */
  onShown?: (first: number, last: number) => void;
  /** Pixels. */
  maxHeight: number;
  /** Pixels; an item's height before it is drawn and measured. */
  itemHeight: number;
}

/**
 * A list that may hold every field of a change set (up to 100,000), in a box that
 * scrolls past `maxHeight`: only the items in view and a few either side are drawn,
 * each measured as it is drawn (a long name wraps). The box takes focus and scrolls
 * from the keyboard (arrows, Page Up and Down, Home and End) and says how many items
 * the list holds; each item says its place in it.
 */
export function LongList<Item>({
  maxHeight = 240,
  itemHeight = 24,
  ...list
}: Omit<ListProps<Item>, 'maxHeight' | 'itemHeight'> & Partial<ListProps<Item>>) {
  const props = { ...list, maxHeight, itemHeight };
  return list.count <= DRAWN_WHOLE_UP_TO ? <WholeList {...props} /> : <VirtualList {...props} />;
}

function ScrollBox({
  label,
  count,
  maxHeight,
  itemHeight,
  box,
  children,
}: Pick<ListProps<unknown>, 'label' | 'maxHeight' | 'itemHeight'> & {
  count: number;
  box?: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const scrollByKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = scrollTarget(event.key, event.currentTarget, itemHeight);
    if (target === undefined) return;
    event.preventDefault();
    event.currentTarget.scrollTop = Math.max(0, target);
  };
  return (
    <div
      ref={box}
      tabIndex={0}
      role="region"
      aria-label={`${label}: ${plural(count, 'item', 'items')}`}
      onKeyDown={scrollByKey}
      style={{ maxHeight, overflowY: 'auto', overflowWrap: 'anywhere' }}
    >
      {children}
    </div>
  );
}

/** What stands for an item still being read. */
function Unread({ height }: { height: number }) {
  return <div style={{ height, color: 'var(--mantine-color-dimmed)' }}>Loading…</div>;
}

function WholeList<Item>({ itemAt, renderItem, onShown, ...box }: ListProps<Item>) {
  useEffect(() => {
    if (box.count > 0) onShown?.(0, box.count - 1);
  }, [onShown, box.count]);
  return (
    <ScrollBox {...box}>
      <div role="list" aria-label={box.label}>
        {Array.from({ length: box.count }, (_, index) => {
          const item = itemAt(index);
          return (
            <div key={index} role="listitem">
              {item === undefined ? <Unread height={box.itemHeight} /> : renderItem(item)}
            </div>
          );
        })}
      </div>
    </ScrollBox>
  );
}

const shownItem: CSSProperties = { position: 'absolute', top: 0, left: 0, width: '100%' };

function VirtualList<Item>({ itemAt, renderItem, onShown, ...box }: ListProps<Item>) {
  // Its own box: the virtualizer finds it on its first layout.
  const scroller = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the list re-renders with the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: box.count,
    getScrollElement: () => scroller.current,
    estimateSize: () => box.itemHeight,
    overscan: ITEMS_BEYOND_VIEW,
  });
  const shown = virtualizer.getVirtualItems();
  const first = shown[0]?.index;
  const last = shown.at(-1)?.index;
  useEffect(() => {
    if (first !== undefined && last !== undefined) onShown?.(first, last);
  }, [onShown, first, last]);
  return (
    <ScrollBox {...box} box={scroller}>
      <div
        role="list"
        aria-label={box.label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {shown.map(({ key, index, start }) => {
          const item = itemAt(index);
          return (
            <div
              key={key}
              ref={virtualizer.measureElement}
              data-index={index}
              role="listitem"
              aria-setsize={box.count}
              aria-posinset={index + 1}
              style={{ ...shownItem, transform: `translateY(${start}px)` }}
            >
              {item === undefined ? <Unread height={box.itemHeight} /> : renderItem(item)}
            </div>
          );
        })}
      </div>
    </ScrollBox>
  );
}
