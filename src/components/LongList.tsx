import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
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
  items: readonly Item[];
  renderItem: (item: Item) => ReactNode;
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
  return list.items.length <= DRAWN_WHOLE_UP_TO ? (
    <WholeList {...props} />
  ) : (
    <VirtualList {...props} />
  );
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

function WholeList<Item>({ items, renderItem, ...box }: ListProps<Item>) {
  return (
    <ScrollBox {...box} count={items.length}>
      <div role="list" aria-label={box.label}>
        {items.map((item, index) => (
          <div key={index} role="listitem">
            {renderItem(item)}
          </div>
        ))}
      </div>
    </ScrollBox>
  );
}

const shownItem: CSSProperties = { position: 'absolute', top: 0, left: 0, width: '100%' };

function VirtualList<Item>({ items, renderItem, ...box }: ListProps<Item>) {
  // Its own box: the virtualizer finds it on its first layout.
  const scroller = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler; the list re-renders with the virtualizer.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => box.itemHeight,
    overscan: ITEMS_BEYOND_VIEW,
  });
  return (
    <ScrollBox {...box} count={items.length} box={scroller}>
      <div
        role="list"
        aria-label={box.label}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((shown) => (
          <div
            key={shown.key}
            ref={virtualizer.measureElement}
            data-index={shown.index}
            role="listitem"
            aria-setsize={items.length}
            aria-posinset={shown.index + 1}
            style={{ ...shownItem, transform: `translateY(${shown.start}px)` }}
          >
            {renderItem(items[shown.index]!)}
          </div>
        ))}
      </div>
    </ScrollBox>
  );
}
