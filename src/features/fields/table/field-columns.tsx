import { createColumnHelper, rowSortingFeature, tableFeatures } from '@tanstack/react-table';
import { DateTime } from '../../../components/DateTime';
import { LockToggle } from '../../../components/LockToggle';
import { StatusBadge } from '../../../components/StatusBadge';
import type { SearchResultItem } from '../../../contract/field';
import { ArchivedCell, LinkedResourcesCell, LinksCell, NameCell } from './field-cells';
import { PageCheckbox, RowCheckbox } from '../selection/selection-cells';
import type { FieldSelectionControls } from '../selection/use-field-selection';

interface FieldColumnMeta {
  /** Pixels; a column without one (the name) takes the remaining width. */
  width?: number;
}

interface FieldTableMeta {
  /** The bulk-action selection; it is kept by id outside the table, across pages. */
  selection?: FieldSelectionControls;
}

export const fieldTableFeatures = tableFeatures({
  rowSortingFeature,
  columnMeta: {} as FieldColumnMeta,
  tableMeta: {} as FieldTableMeta,
});

const column = createColumnHelper<typeof fieldTableFeatures, SearchResultItem>();

/** Only name, created and last modified sort, and the server does it (`manualSorting`). */
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
    meta: { width: 44 },
  }),
  column.accessor('name', {
    header: 'Name',
    cell: ({ row }) => <NameCell field={row.original} />,
  }),
  column.accessor('owner', { header: 'Owner', enableSorting: false, meta: { width: 110 } }),
  column.accessor('locked', {
    header: 'Locked',
    enableSorting: false,
    cell: ({ row }) => <LockToggle field={row.original} />,
    meta: { width: 84 },
  }),
  column.accessor('status', {
    header: 'Status',
    enableSorting: false,
    cell: (info) => <StatusBadge status={info.getValue()} />,
    meta: { width: 116 },
  }),
  column.accessor('links', {
    header: 'Links',
    enableSorting: false,
    cell: (info) => <LinksCell links={info.getValue()} />,
    meta: { width: 76 },
  }),
  column.display({
    id: 'linkedResources',
    header: 'Data sources / cards',
    cell: ({ row }) => <LinkedResourcesCell links={row.original.links} />,
    meta: { width: 172 },
  }),
  column.accessor('created', {
    header: 'Created',
    sortDescFirst: true,
    cell: (info) => <DateTime epochMs={info.getValue()} />,
    meta: { width: 132 },
  }),
  column.accessor('lastModified', {
    header: 'Last modified',
    sortDescFirst: true,
    cell: (info) => <DateTime epochMs={info.getValue()} />,
    meta: { width: 140 },
  }),
  column.accessor('archived', {
    header: 'Archived',
    enableSorting: false,
    cell: (info) => <ArchivedCell archived={info.getValue()} />,
    meta: { width: 112 },
  }),
]);
