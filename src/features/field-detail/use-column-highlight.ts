import { useState } from 'react';

/**
 * Which column's uses stand out in the expression: the one pointed at or focused,
 * else the one pinned with a click.
 */
export function useColumnHighlight() {
  const [pointed, setPointed] = useState<string>();
  const [pinned, setPinned] = useState<string>();

  const chipProps = (column: string) => ({
    'aria-pressed': pinned === column,
    onMouseEnter: () => setPointed(column),
    onMouseLeave: () => setPointed(undefined),
    onFocus: () => setPointed(column),
    onBlur: () => setPointed(undefined),
    onClick: () => setPinned((current) => (current === column ? undefined : column)),
  });

  return { activeColumn: pointed ?? pinned, chipProps };
}

export type ColumnChipProps = ReturnType<ReturnType<typeof useColumnHighlight>['chipProps']>;
