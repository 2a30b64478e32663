import { useCallbackRef } from '@mantine/hooks';
import { useQueryStates } from 'nuqs';
import { useContext, useEffect, useRef } from 'react';
import type { ContextType } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import { defaultTableView, tableAddress, tableUrlKeys } from '../../../links/table-address';
import type { TableView } from '../../../links/table-address';

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
 * How long a new view waits for its rows before it is drawn without them (the
 * previous rows dimmed). An answer in that time draws the view and its rows in one
 * render instead of two: drawing the page is most of what a typed key costs. Measured
 * in bench/results/browser.md ("What changed for typing"): the last key's rows came
 * at p50 156 to 346 ms after it, against 362 to 594 ms without the wait (three rounds).
 *
 * The wait is why this hook reads the router's own state (UNSAFE_DataRouterContext)
 * and `window.location`, where nuqs' `startTransition` option does not reach: nuqs
 * 2.10 writes the address on a later tick, building it from `window.location` and
 * navigating, so a write made when the wait ends would cancel a navigation begun
 * meanwhile (a row opened, another page) or land on that page's address. The tests
 * of this file show each case (the last four).
 */
export const rowsWaitMs = 150;

/** Changes made one after another, as one: any change but the page's starts again at page 1. */
function combine(earlier: Partial<TableView>, later: Partial<TableView>): Partial<TableView> {
  const combined = { ...earlier, ...later };
  if (!('page' in later)) delete combined.page;
  return combined;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The page a path belongs to: "fields" for the table and its drawer alike. */
const pageOf = (pathname: string) => pathname.split('/')[1];

type DataRouter = NonNullable<ContextType<typeof UNSAFE_DataRouterContext>>['router'];

/**
 * Resolves once the router has no navigation on its way. The view is written as a
 * navigation of its own, and one started meanwhile (a row opened, another page) would
 * be cancelled by it.
 */
function navigationSettled(router: DataRouter | undefined): Promise<void> {
  if (!router || router.state.navigation.state === 'idle') return Promise.resolve();
  return new Promise((resolve) => {
    const stopListening = router.subscribe((state) => {
      if (state.navigation.state !== 'idle') return;
      stopListening();
      resolve();
    });
  });
}

/**
 * The table's view, read from and written to the address. Each change is a new
 * history entry, so Back undoes it, except a name refined while typing. Any change
 * other than the page itself starts again at page 1. `sendSearch` hears of each next
 * view first (to send its search at once); the address, and with it the page, takes
 * the view when that search is answered, or after `rowsWaitMs`. Changes made while
 * one waits are taken together with it, in order.
 *
 * The change function stays the same from render to render, so the parts of the page
 * it is given (the filter menu's pickers, the pager) can skip drawing again when
 * nothing of theirs changed.
 */
export function useTableView(sendSearch?: (next: TableView) => Promise<void>) {
  const [view, setView] = useQueryStates(tableAddress, {
    urlKeys: tableUrlKeys,
    history: 'push',
    // Through the router, so links that carry the table's address (a row's name, the
    // drawer's close) see each change.
    shallow: false,
  });
  // Read when a wait ends, not subscribed to: a render per navigation would cost
  // every typed key.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // The changes not in the address yet, and which of them was made last.
  const waiting = useRef<{ change: Partial<TableView>; latest: number }>({ change: {}, latest: 0 });
  const changeView = useCallbackRef((change: Partial<TableView>) => {
    const pending = combine(waiting.current.change, change);
    const latest = waiting.current.latest + 1;
    waiting.current = { change: pending, latest };
    const answered = sendSearch?.({ ...view, page: defaultTableView.page, ...pending });
    const page = pageOf(window.location.pathname);
    void Promise.race([answered, pause(rowsWaitMs)]).then(async () => {
      await navigationSettled(router);
      if (waiting.current.latest !== latest) return; // a newer change takes this one along
      waiting.current = { change: {}, latest };
      // Another page was opened meanwhile: the router shows its address before it
      // takes the table away, and the view is not that page's.
      if (pageOf(window.location.pathname) !== page) return;
      void setView(
        { page: null, ...pending },
        { history: refinesName(view, pending) ? 'replace' : 'push' },
      );
    });
  });
  // A page left meanwhile takes no view: the address is another page's by then.
  useEffect(
    () => () => {
      waiting.current = { change: {}, latest: waiting.current.latest + 1 };
    },
    [],
  );
  return [view, changeView] as const;
}
