import { Tooltip } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';

/**
 * Mantine's tooltip, opened on `target`. A module of its own so that the floating
 * positioning it brings loads the first time a label shows, not with the table.
 */
export function FloatingLabel({
  label,
  target,
}: {
  label: ReactNode;
  target: RefObject<HTMLElement | null>;
}) {
  return <Tooltip label={label} target={target} opened withinPortal />;
}
