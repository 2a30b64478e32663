// How a person has shaped the fields table: which columns show, how wide they are,
// how dense the rows are. Kept in the browser (localStorage), per browser and not
// per view, and read defensively: what another version or a hand edit left there
// must never break the page.

export type Density = 'comfortable' | 'compact';
export const densities: readonly Density[] = ['comfortable', 'compact'];

/** Every column the table knows, in the order it shows them. */
export const fieldColumnIds = [
  'select',
  'name',
  'why',
  'owner',
  'locked',
  'status',
  'problems',
  'links',
  'usage',
  'linkedResources',
  'created',
  'lastModified',
  'archived',
  'id',
] as const;
export type FieldColumnId = (typeof fieldColumnIds)[number];

/** The checkbox, the name and the lock switch: without them a row cannot be read or acted on. */
export const alwaysShownColumns: readonly FieldColumnId[] = ['select', 'name', 'locked'];

/**
 * Columns that show only where the page's answer gives what they hold: the note of the
 * audit finding the table is narrowed to (docs/web-app.md, "Shaping the fields table").
 */
export const findingColumns: readonly FieldColumnId[] = ['why'];

/**
 * What a phone shows, whatever the layout: enough to find a field, see what is
 * wrong, select it and lock it. The rest is one tap away in the drawer.
 */
export const phoneColumns: readonly FieldColumnId[] = [
  'select',
  'name',
  'locked',
  'status',
  'problems',
];

/**
 * Columns a person has to ask for: the id, the problem marker the name and links
 * cells already carry, and the usage the data sources / cards column summarizes.
 */
const hiddenByDefault: readonly FieldColumnId[] = ['problems', 'usage', 'id'];

/** Widths a column may be given, in pixels. */
export const columnWidthBounds = { min: 48, max: 640 } as const;

export interface TableLayout {
  /** Column id -> shown; a column missing here shows unless it is hidden by default. */
  columns: Partial<Record<FieldColumnId, boolean>>;
  /** Column id -> width in pixels, for columns a person resized. */
  sizes: Partial<Record<FieldColumnId, number>>;
  density: Density;
}

export const defaultTableLayout: TableLayout = {
  columns: Object.fromEntries(hiddenByDefault.map((id) => [id, false])),
  sizes: {},
  density: 'comfortable',
};

/** The storage key names the shape's version; a new shape takes a new key, and the old value is ignored. */
export const tableLayoutStorageKey = 'cfm.fields-table.layout.v1';

function isColumnId(key: string): key is FieldColumnId {
  return (fieldColumnIds as readonly string[]).includes(key);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readColumns(value: unknown): TableLayout['columns'] {
  const columns = { ...defaultTableLayout.columns };
  if (!isRecord(value)) return columns;
  for (const [id, shown] of Object.entries(value)) {
    if (isColumnId(id) && typeof shown === 'boolean' && !alwaysShownColumns.includes(id)) {
      columns[id] = shown;
    }
  }
  return columns;
}

function readSizes(value: unknown): TableLayout['sizes'] {
  const sizes: TableLayout['sizes'] = {};
  if (!isRecord(value)) return sizes;
  for (const [id, width] of Object.entries(value)) {
    if (isColumnId(id) && typeof width === 'number' && Number.isFinite(width)) {
      sizes[id] = Math.round(
        Math.min(columnWidthBounds.max, Math.max(columnWidthBounds.min, width)),
      );
    }
  }
  return sizes;
}

/**
 * A layout from anything (a stored value, a saved view): each part that is not
 * what this version writes falls back to its default, unknown columns are
 * dropped, widths are kept within bounds, and the always-shown columns show.
 */
export function readTableLayout(value: unknown): TableLayout {
  if (!isRecord(value)) return defaultTableLayout;
  return {
    columns: readColumns(value.columns),
    sizes: readSizes(value.sizes),
    density: densities.find((density) => density === value.density) ?? 'comfortable',
  };
}

/** The stored text as a layout; text that is not JSON means the defaults. */
export function parseStoredTableLayout(text: string | undefined): TableLayout {
  if (text === undefined) return defaultTableLayout;
  try {
    return readTableLayout(JSON.parse(text));
  } catch {
    return defaultTableLayout;
  }
}

export function isColumnShown(layout: TableLayout, id: FieldColumnId): boolean {
  return layout.columns[id] ?? true;
}
