import { readTableLayout } from '../table/layout/table-layout';
import type { TableLayout } from '../table/layout/table-layout';
import { viewAddress } from './view-address';

/** The part of the table's layout a view keeps: which columns show, and how dense the rows are. */
export type ViewLayout = Pick<TableLayout, 'columns' | 'density'>;

export interface SavedView {
  name: string;
  /** A fields-table address, as `viewAddress` writes it. */
  address: string;
  /** Absent in views saved before layouts existed: opening one leaves the layout as it is. */
  layout?: ViewLayout;
}

export function viewLayoutOf(layout: TableLayout): ViewLayout {
  return { columns: layout.columns, density: layout.density };
}

/** Where this browser keeps the views a person saved; the version is in the value. */
export const savedViewsStorageKey = 'cfm.saved-views';
const version = 1;

export const MAX_VIEW_NAME_LENGTH = 80;
export const MAX_SAVED_VIEWS = 100;

interface StoredViews {
  version: typeof version;
  views: SavedView[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One stored entry, or null when it is not a view this version can open. */
function readEntry(entry: unknown): SavedView | null {
  if (!isRecord(entry) || typeof entry.name !== 'string' || typeof entry.address !== 'string') {
    return null;
  }
  const name = entry.name.trim();
  if (name === '' || name.length > MAX_VIEW_NAME_LENGTH) return null;
  if (!entry.address.startsWith('/fields?') && entry.address !== '/fields') return null;
  // Written again as the table writes it: whatever was stored, it opens only the table.
  const address = viewAddress(entry.address.slice('/fields'.length));
  if (entry.layout === undefined) return { name, address };
  return { name, address, layout: viewLayoutOf(readTableLayout(entry.layout)) };
}

/**
 * The saved views in `text` (the stored value). Anything unreadable (not JSON, another
 * version, a broken entry) is left out without an error: a bad value must never stop
 * the table from opening. A repeated name keeps its first view.
 */
export function parseSavedViews(text: string | null): SavedView[] {
  if (text === null) return [];
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    return [];
  }
  if (!isRecord(stored) || stored.version !== version || !Array.isArray(stored.views)) return [];
  const views: SavedView[] = [];
  for (const entry of stored.views.slice(0, MAX_SAVED_VIEWS)) {
    const view = readEntry(entry);
    if (view && !views.some((other) => sameName(other.name, view.name))) views.push(view);
  }
  return views;
}

export function serializeSavedViews(views: readonly SavedView[]): string {
  const stored: StoredViews = { version, views: [...views] };
  return JSON.stringify(stored);
}

export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}
