import { readFindingScope, withFindingScope } from '../../../links/finding-address';
import { readTableView } from '../../../links/table-address';
import { fieldsTableLink } from '../../../links/table-link';

/**
 * The fields-table address a view names, from any address's search part: what the
 * table reads (search text, filters, sort, page size, an audit finding) written the
 * way the table writes it, starting at the first page. Keys the table does not read,
 * and values it would not accept, are dropped; so two addresses that show the same
 * view give the same text, and a stored address can only ever open the table.
 */
export function viewAddress(search: string): string {
  const params = new URLSearchParams(search);
  const link = fieldsTableLink({ ...readTableView(params), page: 1 });
  return withFindingScope(link, readFindingScope(params));
}
