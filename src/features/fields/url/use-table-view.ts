import { useQueryStates } from 'nuqs';
import { tableAddress, tableUrlKeys } from '../../../components/fields-links/table-address';
import type { TableView } from '../../../components/fields-links/table-address';

/**
 * The table's view, read from and written to the address. Each change is a new
 * history entry, so Back undoes it. Any change other than the page itself starts
 * again at page 1.
 */
export function useTableView() {
  const [view, setView] = useQueryStates(tableAddress, {
    urlKeys: tableUrlKeys,
    history: 'push',
    // Through the router, so links that carry the table's address (a row's name, the
    // drawer's close) see each change.
    shallow: false,
  });
  const changeView = (change: Partial<TableView>) => void setView({ page: null, ...change });
  return [view, changeView] as const;
}
