import { ActionIcon, Anchor, Badge, Checkbox, Group, Text, VisuallyHidden } from '@mantine/core';
import type { CSSProperties } from 'react';

/**
 * The classes and style variables Mantine's own components give their elements, so the
 * table's cells can draw the same markup as plain elements (docs/web-app.md, "The
 * fields table"). Mantine exposes them as `Component.classes`. `mantine-markup.test.tsx`
 * renders Mantine's components and checks every class and variable here against them
 * (the row's checkbox and switch in `cell-controls.test.tsx`), so an upgrade that
 * changes one fails there first.
 */
export const mantineClasses = {
  group: Group.classes.root,
  text: `mantine-focus-auto ${Text.classes.root}`,
  anchor: `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root}`,
  actionIcon: `mantine-focus-auto mantine-active ${ActionIcon.classes.root} m_87cf2631`,
  badge: Badge.classes.root,
  badgeSection: Badge.classes.section,
  badgeLabel: Badge.classes.label,
  checkboxInput: `mantine-focus-auto ${Checkbox.classes.input}`,
  visuallyHidden: VisuallyHidden.classes.root,
} as const;

/**
 * `Table.classes`, written out: importing `Table` brings its scroll container along, and
 * with it ScrollArea and floating-ui, about 17 kB brotli the fields page would load
 * before its first row (bench/results/first-screen.md).
 */
export const tableClasses = {
  table: 'm_b23fa0ef',
  thead: 'm_b242d975',
  tr: 'm_4e7aa4fd',
  th: 'm_4e7aa4f3',
  td: 'm_4e7aa4ef',
} as const;

type Vars = CSSProperties & Record<`--${string}`, string>;

const spacing = (rem: number) => `calc(${rem}rem * var(--mantine-scale))`;

/** `<Group gap={px} wrap="nowrap">`'s variables, made once per gap. */
export function groupStyle(gapPx: 4 | 6): Vars {
  return gapPx === 4 ? groupGap4 : groupGap6;
}
const groupVars = (gapPx: number): Vars => ({
  '--group-gap': spacing(gapPx / 16),
  '--group-align': 'center',
  '--group-justify': 'flex-start',
  '--group-wrap': 'nowrap',
});
const groupGap4 = groupVars(4);
const groupGap6 = groupVars(6);

/** `<Table>`'s variables: its default vertical spacing. */
export const tableStyle: Vars = { '--table-vertical-spacing': spacing(0.4375) };

/** `<Text size="sm">` and `<Text size="xs">`. */
export const textSizeStyle: Record<'sm' | 'xs', Vars> = {
  sm: { '--text-fz': 'var(--mantine-font-size-sm)', '--text-lh': 'var(--mantine-line-height-sm)' },
  xs: { '--text-fz': 'var(--mantine-font-size-xs)', '--text-lh': 'var(--mantine-line-height-xs)' },
};

/** `<Text c="dimmed">`: Mantine sets the colour inline. */
export const dimmedColor = 'var(--mantine-color-dimmed)';

/** `<ActionIcon size="xs" variant="subtle" color=…>` in gray and in teal. */
export const subtleActionIconStyle = {
  gray: subtleActionIcon('gray'),
  teal: subtleActionIcon('teal'),
};
function subtleActionIcon(color: string): Vars {
  return {
    '--ai-size': 'var(--ai-size-xs)',
    '--ai-bg': 'transparent',
    '--ai-hover': `var(--mantine-color-${color}-light-hover)`,
    '--ai-color': `var(--mantine-color-${color}-light-color)`,
    '--ai-bd': `${spacing(0.0625)} solid transparent`,
  };
}

/** `<Badge color="red" variant="filled">`. */
export const redFilledBadgeStyle: Vars = {
  '--badge-bg': 'var(--mantine-color-red-filled)',
  '--badge-color': 'var(--mantine-color-white)',
  '--badge-bd': `${spacing(0.0625)} solid transparent`,
};
