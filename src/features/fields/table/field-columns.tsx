import { IconAlertTriangle } from '../../../components/icons/icons';
import {
  columnResizingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createColumnHelper,
  rowSortingFeature,
  tableFeatures,
} from '@tanstack/react-table';
import { DateTime } from '../../../components/DateTime';
import { StatusBadge } from '../../../components/StatusBadge';
import type { SearchResultItem } from '../../../contract/field';
import {
  ArchivedCell,
  LinkedResourcesCell,
  LinksCell,
  NameCell,
  OwnerCell,
  UsageCell,
} from './field-cells';
import { PageCheckbox, RowCheckbox } from '../selection/selection-cells';
import type { FieldSelectionControls } from '../selection/use-field-selection';
import { ProblemCell } from './ProblemCell';
import { RowLockSwitch } from './RowLockSwitch';
import { WhyCell } from './WhyCell';
import classes from './field-columns.module.css';

interface FieldColumnMeta {
  /** What the column is called where its header shows something else (an icon). */
  label?: string;
  /** The column's width in the narrow (phone) layout, for the columns it shows (`phoneColumns`). */
  phoneWidth?: number;
}

interface FieldTableMeta {
  /** The bulk-action selection; it is kept by id outside the table, across pages. */
  selection?: FieldSelectionControls;
  /** Locks or unlocks a row's field, with Undo (api/calculated-fields/use-lock-with-undo.tsx). */
  setLocked?: (field: SearchResultItem, locked: boolean) => void;
}

export const fieldTableFeatures = tableFeatures({
  rowSortingFeature,
  columnVisibilityFeature,
  columnSizingFeature,
  columnResizingFeature,
  columnMeta: {} as FieldColumnMeta,
  tableMeta: {} as FieldTableMeta,
});

const column = createColumnHelper<typeof fieldTableFeatures, SearchResultItem>();

/**
 * Sorted by the server (`manualSorting`): name, created, last modified and id as
 * production does, and owner, status, links, usage and problems where the server
 * answers them from its copy (FieldsTable asks the app config).
 * `size` is a column's default width; the name takes whatever width is left, so it
 * is never resized. Which columns may be hidden: layout/table-layout.ts.
 */
export const fieldColumns = column.columns([
  column.display({
    id: 'select',
    header: ({ table }) => {
      const controls = table.options.meta?.selection;
      return controls ? <PageCheckbox controls={controls} /> : null;
    },
    cell: ({ row, table }) => {
      const controls = table.options.meta?.selection;
      return controls ? <RowCheckbox field={row.original} controls={controls} /> : null;
    },
    size: 44,
    enableHiding: false,
    enableResizing: false,
    meta: { phoneWidth: 36 },
  }),
  column.accessor('name', {
    header: 'Name',
    enableHiding: false,
    enableResizing: false,
    minSize: 200,
    cell: ({ row }) => <NameCell field={row.original} />,
  }),
  // Beside the name, as the drawer puts a finding's note under its title. Shown only
  // where the page's answer gives notes: the table narrowed to a finding (FieldsTable).
  column.display({
    id: 'why',
    header: 'Why',
    cell: ({ row }) => <WhyCell id={row.original.id} />,
    size: 280,
  }),
  column.accessor('owner', {
    header: 'Owner',
    // By name, A first (the table would take a number's column as newest first).
    sortDescFirst: false,
    cell: (info) => <OwnerCell owner={info.getValue()} />,
    // Room for a short name and the button that copies the id.
    size: 150,
  }),
  column.accessor('locked', {
    header: 'Locked',
    enableSorting: false,
    enableHiding: false,
    cell: ({ row, table }) => (
      <RowLockSwitch
        field={row.original}
        // Read when pressed: a row drawn earlier still sends through today's table.
        setLocked={(field, locked) => table.options.meta?.setLocked?.(field, locked)}
      />
    ),
    size: 84,
    meta: { phoneWidth: 56 },
  }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) => <StatusBadge status={info.getValue()} />,
    size: 116,
    meta: { phoneWidth: 84 },
  }),
  column.display({
    id: 'problems',
    // Named on screen too: the icon alone told nobody what the column holds. On a
    // phone, where the column is narrow, the name is for screen readers only.
    header: () => (
      <span className={classes.problemsHeader} title="Problems: an invalid status or a broken link">
        <IconAlertTriangle size={16} aria-hidden />
        <span className={classes.problemsLabel}>Problems</span>
      </span>
    ),
    cell: ({ row }) => <ProblemCell field={row.original} />,
    // The most problems first, as with links and usage.
    sortDescFirst: true,
    size: 104,
    meta: { label: 'Problems', phoneWidth: 40 },
  }),
  column.accessor('links', {
    header: 'Links',
    sortDescFirst: true,
    cell: (info) => <LinksCell links={info.getValue()} />,
    // Room for the label and its sort arrow.
    size: 88,
  }),
  column.display({
    id: 'usage',
    header: 'Usage',
    sortDescFirst: true,
    cell: ({ row }) => <UsageCell links={row.original.links} />,
    size: 84,
  }),
  column.display({
    id: 'linkedResources',
    header: 'Data sources / cards',
    cell: ({ row }) => <LinkedResourcesCell links={row.original.links} />,
    size: 172,
  }),
  column.accessor('created', {
    header: 'Created',
    sortDescFirst: true,
    cell: (info) => <DateTime epochMs={info.getValue()} />,
    size: 132,
  }),
  column.accessor('lastModified', {
    header: 'Last modified',
    sortDescFirst: true,
    cell: (info) => <DateTime epochMs={info.getValue()} />,
    size: 140,
  }),
  column.accessor('archived', {
    header: 'Archived',
    enableSorting: false,
    cell: (info) => <ArchivedCell archived={info.getValue()} />,
    size: 112,
  }),
  // Ids grow with time: like the dates, the newest come first.
  column.accessor('id', { header: 'Id', sortDescFirst: true, size: 96 }),
]);

/** A column's id: its own, or the key it reads (as the table derives it). */
export function columnIdOf(def: { id?: string }): string {
  return def.id ?? ('accessorKey' in def ? String(def.accessorKey) : '');
}

/** What a column is called: its header text, or its label where the header is an icon. */
export function columnLabelOf(def: {
  header?: unknown;
  meta?: FieldColumnMeta;
}): string | undefined {
  return def.meta?.label ?? (typeof def.header === 'string' ? def.header : undefined);
}
