import { useCallbackRef } from '@mantine/hooks';
import { useQueryStates } from 'nuqs';
import {
  defaultTableView,
  tableAddress,
  tableUrlKeys,
} from '../../../components/fields-links/table-address';
import type { TableView } from '../../../components/fields-links/table-address';

/**
 * Typing searches after almost every key, so refining a name ("rev" to "reve")
 * replaces the history entry instead of adding one per key: Back leaves the search
 * rather than spelling it backwards. Starting or clearing a search adds an entry.
 */
function refinesName(view: TableView, change: Partial<TableView>): boolean {
  const keys = Object.keys(change);
  return (
    keys.length === 1 &&
    keys[0] === 'name' &&
    view.name !== '' &&
    change.name !== '' &&
    change.name !== view.name
  );
}

/**
 * The table's view, read from and written to the address. Each change is a new
 * history entry, so Back undoes it, except a name refined while typing. Any change
 * other than the page itself starts again at page 1. `onChange` hears of each next
 * view before the page draws it (to send its search at once).
 *
 * The change function stays the same from render to render, so the parts of the page
 * it is given (the filter menu's pickers, the pager) can skip drawing again when
 * nothing of theirs changed.
 */
export function useTableView(onChange?: (next: TableView) => void) {
  const [view, setView] = useQueryStates(tableAddress, {
    urlKeys: tableUrlKeys,
    history: 'push',
    // Through the router, so links that carry the table's address (a row's name, the
    // drawer's close) see each change.
    shallow: false,
  });
  const changeView = useCallbackRef((change: Partial<TableView>) => {
    onChange?.({ ...view, page: defaultTableView.page, ...change });
    void setView(
      { page: null, ...change },
      { history: refinesName(view, change) ? 'replace' : 'push' },
    );
  });
  return [view, changeView] as const;
}
