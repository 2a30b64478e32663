import { Alert, List } from '@mantine/core';
import { IconAlertTriangle } from '../../../components/icons/icons';
import type { UnreadableRow } from '../../../contract/search-page';

const listedRows = 5;

/** Rows of this page the instance sent in a shape the app cannot read; the others are shown. */
export function UnreadableRowsWarning({ rows }: { rows: readonly UnreadableRow[] }) {
  const more = rows.length - listedRows;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle />}
      title={
        rows.length === 1 ? 'A row could not be read' : `${rows.length} rows could not be read`
      }
    >
      The instance answered {rows.length === 1 ? 'one row' : 'some rows'} of this page in a shape
      this app cannot read; the other rows are shown.
      <List size="sm" mt={4}>
        {rows.slice(0, listedRows).map((row) => (
          <List.Item key={row.position}>
            Row {row.position}
            {row.id !== undefined && ` (id ${row.id})`}: {row.problem}
          </List.Item>
        ))}
        {more > 0 && <List.Item>and {more} more</List.Item>}
      </List>
    </Alert>
  );
}
