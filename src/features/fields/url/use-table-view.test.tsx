import { waitFor } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { defaultTableView } from '../../../links/table-address';
import type { TableView } from '../../../links/table-address';
import { currentUrl, renderWithProviders } from '../../../test-support/render-with-providers';
import type { RenderOptions } from '../../../test-support/render-with-providers';
import { addressWaitMs, rowsWaitMs, useTableView } from './use-table-view';

function renderAt(url: string, sendSearch?: (next: TableView) => Promise<void>) {
  const seen: { view: TableView; change: (change: Partial<TableView>) => void }[] = [];
  function Probe() {
    const [view, change] = useTableView(sendSearch);
    seen.push({ view, change });
    return null;
  }
  renderWithProviders(<Probe />, { url, path: '/fields' });
  return { latest: () => seen.at(-1)! };
}

test('reads the view from the address', async () => {
  const { latest } = renderAt('/fields?q=margin&sort=-created&page=3&size=100&locked=true');
  await waitFor(() => expect(latest()).toBeDefined());
  expect(latest().view).toEqual({
    ...defaultTableView,
    name: 'margin',
    sort: { column: 'created', descending: true },
    page: 3,
    pageSize: 100,
    locked: true,
  });
});

test('a change of search, filter, sort or page size starts again at page 1', async () => {
  const { latest } = renderAt('/fields?page=3&size=100');
  await waitFor(() => expect(latest()).toBeDefined());

  latest().change({ invalidOnly: true });
  await waitFor(() => expect(currentUrl()).toBe('/fields?size=100&invalid=true'));

  latest().change({ page: 4 });
  await waitFor(() => expect(latest().view.page).toBe(4));
  latest().change({ name: 'x' });
  await waitFor(() => expect(latest().view.name).toBe('x'));
  expect(latest().view.page).toBe(1);

  latest().change({ page: 2 });
  await waitFor(() => expect(latest().view.page).toBe(2));
  latest().change({ sort: { column: 'name', descending: true } });
  await waitFor(() => expect(latest().view.sort.descending).toBe(true));
  expect(latest().view.page).toBe(1);
  await waitFor(() =>
    expect(new URLSearchParams(currentUrl().split('?')[1]).has('page')).toBe(false),
  );
});

test('a change of page keeps everything else', async () => {
  const { latest } = renderAt('/fields?q=margin&sort=-created&size=25&archived=false');
  await waitFor(() => expect(latest()).toBeDefined());
  latest().change({ page: 2 });
  await waitFor(() =>
    expect(currentUrl()).toBe('/fields?q=margin&sort=-created&size=25&archived=false&page=2'),
  );
});

test('refining a name replaces the history entry; starting or clearing a search adds one', async () => {
  const seen: Array<(change: Partial<TableView>) => void> = [];
  function Probe() {
    seen.push(useTableView()[1]);
    return null;
  }
  const { router } = renderWithProviders(<Probe />, { url: '/fields?size=25', path: '/fields' });
  /** The address with its parameters in a fixed order. */
  const address = () => {
    const [path, query = ''] = currentUrl().split('?');
    const params = new URLSearchParams(query);
    params.sort();
    return `${path}?${params}`;
  };
  const change = async (next: Partial<TableView>, url: string) => {
    seen.at(-1)!(next);
    await waitFor(() => expect(address()).toBe(url));
  };
  const back = async (url: string) => {
    await router.navigate(-1);
    await waitFor(() => expect(address()).toBe(url));
  };
  await waitFor(() => expect(seen.length).toBeGreaterThan(0));
  await change({ name: 'r' }, '/fields?q=r&size=25');
  await change({ name: 're' }, '/fields?q=re&size=25');
  await change({ name: 'rev' }, '/fields?q=rev&size=25');
  // One step back leaves the search, not its last letter.
  await back('/fields?size=25');
  await router.navigate(1);
  await waitFor(() => expect(address()).toBe('/fields?q=rev&size=25'));

  await change({ name: '' }, '/fields?size=25');
  await back('/fields?q=rev&size=25');
  // A filter changed with the name is a step of its own.
  await change({ name: 'reve', locked: true }, '/fields?locked=true&q=reve&size=25');
  await back('/fields?q=rev&size=25');
});

/** A view whose searches are answered at once, with its history router and change function. */
function renderAnswered(url: string) {
  const seen: { view: TableView; change: (change: Partial<TableView>) => void }[] = [];
  function Probe() {
    const [view, change] = useTableView(() => Promise.resolve());
    seen.push({ view, change });
    return null;
  }
  const { router } = renderWithProviders(<Probe />, { url, path: '/fields' });
  return { router, latest: () => seen.at(-1)! };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('a refined name is shown at once and written to the address once typing pauses', async () => {
  const { latest } = renderAnswered('/fields?size=25');
  await waitFor(() => expect(latest()).toBeDefined());
  latest().change({ name: 'r' });
  await waitFor(() => expect(currentUrl()).toBe('/fields?size=25&q=r'));

  latest().change({ name: 'rev' });
  await waitFor(() => expect(latest().view.name).toBe('rev'));
  // Shown without a navigation: the address waits for the pause (nuqs would have
  // written it within its 50 ms).
  await wait(addressWaitMs / 3);
  expect(currentUrl()).toBe('/fields?size=25&q=r');
  expect(latest().view).toMatchObject({ name: 'rev', pageSize: 25 });
  await waitFor(() => expect(currentUrl()).toBe('/fields?size=25&q=rev'));
  expect(latest().view.name).toBe('rev');
});

test('a new page size is shown with its answer and written to the address once the frame showing it is painted', async () => {
  // Frames are held: none is painted until the test says so.
  const frames: FrameRequestCallback[] = [];
  const requestFrame = vi
    .spyOn(window, 'requestAnimationFrame')
    .mockImplementation((callback) => frames.push(callback));
  try {
    const { router, latest } = renderAnswered('/fields');
    await waitFor(() => expect(latest()).toBeDefined());
    latest().change({ pageSize: 100 });
    await waitFor(() => expect(latest().view.pageSize).toBe(100));
    // Writing the address is a navigation of the router, which draws the page again:
    // it waits until the rows are on screen (nuqs would have written it within its 50 ms).
    await wait(rowsWaitMs);
    expect(currentUrl()).toBe('/fields');
    expect(router.state.location.search).toBe('');
    for (const frame of frames.splice(0)) frame(performance.now());
    await waitFor(() => expect(currentUrl()).toBe('/fields?size=100'));
    expect(router.state.location.search).toBe('?size=100');
    expect(latest().view.pageSize).toBe(100);
  } finally {
    requestFrame.mockRestore();
  }
});

test('a name refined as the search it refines reaches the address, before the page shows it, replaces that entry', async () => {
  const { router, latest } = renderAnswered('/fields');
  await waitFor(() => expect(latest()).toBeDefined());
  // The next key is handled the moment the address takes "r", before React has drawn
  // the page with it: the page's own view still has no name.
  const stopListening = router.subscribe((state) => {
    if (state.location.search !== '?q=r') return;
    stopListening();
    latest().change({ name: 're' });
  });
  latest().change({ name: 'r' });
  await waitFor(() => expect(currentUrl()).toBe('/fields?q=re'));
  // One step back leaves the search.
  await router.navigate(-1);
  await waitFor(() => expect(currentUrl()).toBe('/fields'));
});

test('Back while a refined name waits for the address shows the entry before, and the name is not written', async () => {
  const { router, latest } = renderAnswered('/fields?size=25');
  await waitFor(() => expect(latest()).toBeDefined());
  latest().change({ name: 'r' });
  await waitFor(() => expect(currentUrl()).toBe('/fields?size=25&q=r'));
  latest().change({ name: 're' });
  await waitFor(() => expect(latest().view.name).toBe('re'));

  await router.navigate(-1);
  await waitFor(() => expect(latest().view.name).toBe(''));
  await wait(addressWaitMs * 2);
  expect(currentUrl()).toBe('/fields?size=25');
  expect(latest().view.name).toBe('');
});

test('a change of another kind made while a refined name waits takes the name with it', async () => {
  const { latest } = renderAnswered('/fields');
  await waitFor(() => expect(latest()).toBeDefined());
  latest().change({ name: 'r' });
  await waitFor(() => expect(currentUrl()).toBe('/fields?q=r'));
  latest().change({ name: 're' });
  await waitFor(() => expect(latest().view.name).toBe('re'));
  latest().change({ locked: true });
  await waitFor(() => expect(currentUrl()).toBe('/fields?q=re&locked=true'));
  expect(latest().view).toMatchObject({ name: 're', locked: true });
});

test('a new view waits for its search’s answer, so the page draws it with its rows', async () => {
  let answer = () => {};
  const sent: TableView[] = [];
  const { latest } = renderAt('/fields', (next) => {
    sent.push(next);
    return new Promise((resolve) => (answer = resolve));
  });
  await waitFor(() => expect(latest()).toBeDefined());

  latest().change({ name: 'margin' });
  expect(sent).toEqual([{ ...defaultTableView, name: 'margin' }]);
  await new Promise((resolve) => setTimeout(resolve, rowsWaitMs / 5));
  expect(latest().view.name).toBe('');
  answer();
  await waitFor(() => expect(latest().view.name).toBe('margin'));
});

test('a view whose answer is slow is drawn without it after a short wait', async () => {
  const { latest } = renderAt('/fields', () => new Promise(() => {}));
  await waitFor(() => expect(latest()).toBeDefined());
  latest().change({ name: 'margin' });
  await waitFor(() => expect(latest().view.name).toBe('margin'));
});

test('changes made while one waits are taken with it, a new search starting again at page 1', async () => {
  const { latest } = renderAt('/fields?page=3', () => new Promise(() => {}));
  await waitFor(() => expect(latest()).toBeDefined());
  latest().change({ page: 4 });
  latest().change({ name: 'x' });
  await waitFor(() => expect(currentUrl()).toBe('/fields?q=x'));
});

/** The view's change function, over a search that never answers, so every view waits. */
function renderWaitingView(routes: Pick<RenderOptions, 'otherRoutes' | 'childRoutes'> = {}) {
  const changes: Array<(change: Partial<TableView>) => void> = [];
  function Probe() {
    changes.push(useTableView(() => new Promise(() => {}))[1]);
    return null;
  }
  const { router } = renderWithProviders(<Probe />, { url: '/fields', path: '/fields', ...routes });
  return { router, changes };
}

/** A route whose code loads only when `load` is called: longer than a view waits. */
function slowRoute(path: string) {
  let load!: () => void;
  const loaded = new Promise<void>((resolve) => (load = resolve));
  const route = {
    path,
    lazy: async () => {
      await loaded;
      return { Component: () => null };
    },
  };
  return { route, load };
}

test('a page left while its new view waits leaves the next page’s address alone', async () => {
  const { router, changes } = renderWaitingView();
  await waitFor(() => expect(changes.length).toBeGreaterThan(0));
  changes.at(-1)!({ name: 'margin' });
  await router.navigate('/audit');
  await new Promise((resolve) => setTimeout(resolve, rowsWaitMs * 2));
  expect(currentUrl()).toBe('/audit');
});

test('a view still waiting when the address has moved to another page is not written there', async () => {
  // Under load the address can change before the table is taken off the page: the
  // router writes the new address first and unmounts the page in a later render.
  const { latest } = renderAt('/fields');
  await waitFor(() => expect(latest()).toBeDefined());
  latest().change({ name: 'margin' });
  window.history.pushState(null, '', '/audit');
  await new Promise((resolve) => setTimeout(resolve, rowsWaitMs * 2));
  expect(currentUrl()).toBe('/audit');
});

test('a page asked for while a view waits is where the app goes, and the view is not written', async () => {
  const otherPage = slowRoute('/audit');
  const { router, changes } = renderWaitingView({ otherRoutes: [otherPage.route] });
  await waitFor(() => expect(changes.length).toBeGreaterThan(0));
  changes.at(-1)!({ name: 'margin' });
  const leaving = router.navigate('/audit');
  await new Promise((resolve) => setTimeout(resolve, rowsWaitMs * 2));
  otherPage.load();
  await leaving;
  await new Promise((resolve) => setTimeout(resolve, rowsWaitMs));
  expect(currentUrl()).toBe('/audit');
});

test('a page asked for while a refined name waits for the address is not given the name', async () => {
  const otherPage = slowRoute('/audit');
  const changes: Array<(change: Partial<TableView>) => void> = [];
  const names: string[] = [];
  function Probe() {
    const [view, change] = useTableView(() => Promise.resolve());
    changes.push(change);
    names.push(view.name);
    return null;
  }
  const { router } = renderWithProviders(<Probe />, {
    url: '/fields',
    path: '/fields',
    otherRoutes: [otherPage.route],
  });
  await waitFor(() => expect(changes.length).toBeGreaterThan(0));
  changes.at(-1)!({ name: 'r' });
  await waitFor(() => expect(currentUrl()).toBe('/fields?q=r'));
  changes.at(-1)!({ name: 're' });
  await waitFor(() => expect(names.at(-1)).toBe('re'));
  // The name's write waits for this navigation, and finds another page when it ends.
  const leaving = router.navigate('/audit');
  await new Promise((resolve) => setTimeout(resolve, addressWaitMs * 2));
  otherPage.load();
  await leaving;
  await new Promise((resolve) => setTimeout(resolve, addressWaitMs));
  expect(currentUrl()).toBe('/audit');
});

test('a row opened while a refined name waits for the address gets the name in its address', async () => {
  const names: string[] = [];
  const changes: Array<(change: Partial<TableView>) => void> = [];
  function Probe() {
    const [view, change] = useTableView(() => Promise.resolve());
    names.push(view.name);
    changes.push(change);
    return null;
  }
  const { router } = renderWithProviders(<Probe />, {
    url: '/fields',
    path: '/fields',
    childRoutes: [{ path: ':id', Component: () => null }],
  });
  await waitFor(() => expect(changes.length).toBeGreaterThan(0));
  changes.at(-1)!({ name: 'r' });
  await waitFor(() => expect(currentUrl()).toBe('/fields?q=r'));
  changes.at(-1)!({ name: 're' });
  await waitFor(() => expect(names.at(-1)).toBe('re'));
  // Opened with the address as it is, before the name was written.
  await router.navigate('/fields/7?q=r');
  await waitFor(() => expect(currentUrl()).toBe('/fields/7?q=re'));
  expect(names.at(-1)).toBe('re');
});

test('a row opened while a view waits opens, with the view in its address', async () => {
  const drawer = slowRoute(':id');
  const { router, changes } = renderWaitingView({ childRoutes: [drawer.route] });
  await waitFor(() => expect(changes.length).toBeGreaterThan(0));
  changes.at(-1)!({ name: 'margin' });
  const opening = router.navigate('/fields/7');
  await new Promise((resolve) => setTimeout(resolve, rowsWaitMs * 2));
  drawer.load();
  await opening;
  await waitFor(() => expect(currentUrl()).toBe('/fields/7?q=margin'));
});
