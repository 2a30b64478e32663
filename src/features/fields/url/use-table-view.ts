import { useCallbackRef } from '@mantine/hooks';
import { useQueryStates } from 'nuqs';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { ContextType } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import { afterNextPaint } from '../../../components/use-value-after-paint';
import {
  defaultTableView,
  readTableView,
  tableAddress,
  tableUrlKeys,
} from '../../../links/table-address';
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

/**
 * How long the address waits for typing to pause before it takes a refined name.
 * Until then the page shows the name from its own state: writing the address is a
 * navigation of the router, which drew the route tree, the page and every row's name
 * link again and wrote the browser's history twice, for every typed key
 * (bench/results/browser.md, "Typing while a scan runs: the address once typing pauses").
 */
export const addressWaitMs = 300;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A change as the address takes it: `page: null` is page 1, which the address leaves out. */
type AddressChange = Partial<Omit<TableView, 'page'>> & { page?: number | null };

/** The view's part an address change sets. */
const shownOf = (change: AddressChange): Partial<TableView> => ({
  ...change,
  page: change.page ?? defaultTableView.page,
});

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

/** The table's view in an address's search part, as text to compare. */
const viewIn = (search: string) => JSON.stringify(readTableView(new URLSearchParams(search)));

/**
 * Calls `onChange` when the address changes from elsewhere: Back or Forward, or a
 * new entry showing another view (a saved view, the shell's link). Not for this
 * page's own writes, which replace the entry or push through nuqs, nor for a row
 * opened with the view as it is.
 */
function useAddressChangedElsewhere(router: DataRouter | undefined, onChange: () => void) {
  useEffect(() => {
    if (!router) return;
    let last = router.state.location;
    return router.subscribe((state) => {
      const before = last;
      last = state.location;
      if (state.location === before) return;
      if (
        state.historyAction === 'POP' ||
        (state.historyAction === 'PUSH' && viewIn(state.location.search) !== viewIn(before.search))
      )
        onChange();
    });
  }, [router, onChange]);
}

/**
 * The table's view, read from and written to the address. Each change is a new
 * history entry, so Back undoes it, except a name refined while typing. Any change
 * other than the page itself starts again at page 1. `sendSearch` hears of each next
 * view first (to send its search at once); the page takes the view when that search
 * is answered, or after `rowsWaitMs`. Changes made while one waits are taken together
 * with it, in order. The view is shown then, from this hook's state: a refined name is
 * written to the address once typing has paused for `addressWaitMs` (or with the next
 * change of another kind), any other change once the frame showing it is painted. A
 * change of the address from elsewhere (Back, a saved view) shows, and drops a change
 * not written yet.
 *
 * The third value is the view as the address holds it (without a change not written yet).
 *
 * The change function stays the same from render to render, so the parts of the page
 * it is given (the filter menu's pickers, the pager) can skip drawing again when
 * nothing of theirs changed.
 */
export function useTableView(sendSearch?: (next: TableView) => Promise<void>) {
  const [address, setView] = useQueryStates(tableAddress, {
    urlKeys: tableUrlKeys,
    history: 'push',
    // Through the router, so links that carry the table's address (a row's name, the
    // drawer's close) see each change.
    shallow: false,
  });
  // The change shown over the address until the address takes it: a name refined while
  // typing, or a change whose rows are being drawn.
  const [shownChange, setShownChange] = useState<Partial<TableView>>();
  // The same object while neither changes, so the parts of the page given the view skip drawing.
  const view = useMemo(
    () => (shownChange === undefined ? address : { ...address, ...shownChange }),
    [address, shownChange],
  );
  // Read when a wait ends, not subscribed to: a render per navigation would cost
  // every typed key.
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  // The changes not shown yet, and which of them was made last.
  const waiting = useRef<{ change: Partial<TableView>; latest: number }>({ change: {}, latest: 0 });
  // The shown change the address has not taken yet, the page it was made on, and what
  // cancels its write (none yet while its write waits for the page to show it).
  const unwritten = useRef<{
    change: AddressChange;
    history: 'push' | 'replace';
    page: string | undefined;
    cancelWrite?: () => void;
  }>(undefined);
  const dropUnwritten = () => {
    unwritten.current?.cancelWrite?.();
    unwritten.current = undefined;
  };
  const dropShownChange = useCallbackRef(() => {
    dropUnwritten();
    setShownChange(undefined);
  });
  // The name of the view last decided on here, which the page's view may not show yet
  // (nuqs writes the address on a later tick, and React draws it after): a key handled
  // meanwhile is judged against it, or refining that name would push an entry of its
  // own, and Back would spell it.
  const decidedName = useRef<string>(undefined);
  const addressChangedElsewhere = useCallbackRef(() => {
    decidedName.current = undefined;
    dropShownChange();
  });
  useAddressChangedElsewhere(router, addressChangedElsewhere);

  // Written once no navigation is on its way, and only while the table's page is shown.
  const writeShownChange = useCallbackRef(async () => {
    const shown = unwritten.current;
    if (!shown) return;
    await navigationSettled(router);
    if (unwritten.current !== shown) return; // a newer change took it, or it was dropped
    unwritten.current = undefined;
    if (pageOf(window.location.pathname) !== shown.page) return;
    // The address takes the change as the page shows it: the view stays as it is.
    setShownChange(undefined);
    void setView(shown.change, { history: shown.history });
  });

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
      const shown = { ...view, name: decidedName.current ?? view.name };
      // A change not written yet (a name typed just before) is taken with this one.
      const earlier = unwritten.current;
      dropUnwritten();
      const change: AddressChange = { ...earlier?.change, page: null, ...pending };
      const refined = refinesName(shown, pending) && pending.name !== undefined;
      if (change.name !== undefined) decidedName.current = change.name;
      setShownChange(shownOf(change));
      // A refined name is written once typing pauses; any other change once the frame
      // with its rows is painted (below): writing the address is a navigation of the
      // router, which drew the page again before the rows (bench/results/five-thousand-rows.md).
      const history = refined && earlier?.history !== 'push' ? 'replace' : 'push';
      unwritten.current = { change, history, page };
      if (refined) {
        const timer = setTimeout(() => void writeShownChange(), addressWaitMs);
        unwritten.current.cancelWrite = () => clearTimeout(timer);
      }
    });
  });
  // After the render that shows the change: a frame asked for before it may come first.
  useEffect(() => {
    const shown = unwritten.current;
    if (shown && !shown.cancelWrite)
      shown.cancelWrite = afterNextPaint(() => void writeShownChange());
  }, [shownChange, writeShownChange]);
  // A page left meanwhile takes no view: the address is another page's by then.
  useEffect(
    () => () => {
      waiting.current = { change: {}, latest: waiting.current.latest + 1 };
      dropUnwritten();
    },
    [],
  );
  return [view, changeView, address] as const;
}
