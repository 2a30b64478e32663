import type { SearchResultItem } from '../../../../contract/field';
import { FieldsTable } from '../FieldsTable';
import { useTableLayout } from '../layout/use-table-layout';

/**
 * The fields table for component tests: the stored layout, sorted by name, on a
 * desktop, with handlers that do nothing. `viewKey` stands for the page's view.
 */
export function TableOfFields({
  fields,
  viewKey = 'page',
}: {
  fields: SearchResultItem[];
  viewKey?: string;
}) {
  const layout = useTableLayout();
  return (
    <FieldsTable
      fields={fields}
      sort={{ column: 'name', descending: false }}
      onSortChange={() => {}}
      onOpenField={() => {}}
      updating={false}
      viewKey={viewKey}
      layout={layout}
      phone={false}
    />
  );
}
