import { waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { heldAnswer, searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { appQueryClient } from '../../../test-support/render-with-providers';
import type { SearchResultItem } from '../../../contract/field';
import { namePaths } from '../../../contract/names';
import { PageNamesProvider, usePageNames } from './page-names';

const server = setupMockApi();
const ownerNames: Record<string, string> = { '101': 'Ada Lovelace', '102': 'Grace Hopper' };

/** Each name lookup's owners, in the order the app sent them. */
let lookups: string[] = [];
/** The page's animation-frame callbacks, run when the test says a frame is painted. */
let frameCallbacks: FrameRequestCallback[] = [];
let container: HTMLDivElement;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

beforeEach(() => {
  startSession('token-for-tests', false);
  lookups = [];
  frameCallbacks = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    frameCallbacks.push(callback);
    return frameCallbacks.length;
  });
  container = document.createElement('div');
  document.body.append(container);
  // React's own scheduling, as in the browser: Testing Library's act() would run the
  // deferred work before the test could look at the first draw.
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const fetchOf = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.includes(namePaths.users))
      lookups.push(new URL(url, location.origin).searchParams.get('id') ?? '');
    return fetchOf(input, init);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  container.remove();
});

function answerOwners(hold?: () => Promise<void>) {
  server.use(
    http.get(namePaths.users, async ({ request }) => {
      await hold?.();
      const ids = new URL(request.url).searchParams.get('id')?.split(',') ?? [];
      return HttpResponse.json(
        ids.map((id) => ({ id: Number(id), displayName: ownerNames[id] ?? `Owner ${id}` })),
      );
    }),
  );
}

/** One line per field: its name and its owner as the table's cells name it. */
function Rows({ fields }: { fields: readonly SearchResultItem[] }) {
  const names = usePageNames();
  return (
    <ul>
      {fields.map((field) => (
        <li key={field.id}>
          {field.name}: {names.owners.get(field.owner)?.name ?? field.owner}
        </li>
      ))}
    </ul>
  );
}

/** The browser paints a frame: its animation-frame callbacks run, then the tasks they queued. */
async function paintFrame() {
  const callbacks = frameCallbacks;
  frameCallbacks = [];
  for (const callback of callbacks) callback(performance.now());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** Time for any work React queued after a draw (a deferred render, its effects, requests). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A root that draws pages of rows with their names, as the table does. */
function pages() {
  const client = appQueryClient();
  const root = createRoot(container);
  const draw = (fields: SearchResultItem[]) =>
    flushSync(() =>
      root.render(
        <QueryClientProvider client={client}>
          <PageNamesProvider fields={fields}>
            <Rows fields={fields} />
          </PageNamesProvider>
        </QueryClientProvider>,
      ),
    );
  return { draw, root };
}

const lines = () => [...container.querySelectorAll('li')].map((line) => line.textContent);

test('rows are painted before their names are asked for, names already known stay, and only ids not asked for before are looked up', async () => {
  answerOwners();
  const { draw, root } = pages();
  const firstPage = [searchItem(1, { owner: 101 })];
  const largerPage = [...firstPage, searchItem(2, { owner: 102 })];

  // The rows are drawn; their names are asked for only once that frame is painted.
  draw(firstPage);
  expect(lines()).toEqual(['Field 1: 101']);
  await settle();
  expect(lookups).toEqual([]);
  await paintFrame();
  await waitFor(() => expect(lines()).toEqual(['Field 1: Ada Lovelace']));
  expect(lookups).toEqual(['101']);

  // A larger page: its rows first, with the names known; then the lookup for the new one.
  const next = heldAnswer();
  answerOwners(next.hold);
  draw(largerPage);
  expect(lines()).toEqual(['Field 1: Ada Lovelace', 'Field 2: 102']);
  await settle();
  expect(lookups).toEqual(['101']);
  await paintFrame();
  await next.received;
  expect(lookups).toEqual(['101', '102']);
  expect(lines()).toEqual(['Field 1: Ada Lovelace', 'Field 2: 102']);
  next.release();
  await waitFor(() => expect(lines()).toEqual(['Field 1: Ada Lovelace', 'Field 2: Grace Hopper']));

  // Another page of owners already asked for (a name typed, then a letter taken back):
  // named at once, and nothing is asked for again.
  const otherPage = [searchItem(3, { owner: 102 }), searchItem(4, { owner: 101 })];
  draw(otherPage);
  expect(lines()).toEqual(['Field 3: Grace Hopper', 'Field 4: Ada Lovelace']);
  await paintFrame();
  await settle();
  expect(lookups).toEqual(['101', '102']);
  root.unmount();
});

test('rows replaced before they have stayed a moment, as while a name is typed, are not asked for; the rows that stay are', async () => {
  answerOwners();
  const { draw, root } = pages();
  draw([searchItem(1, { owner: 101 })]);
  await paintFrame();
  await waitFor(() => expect(lines()).toEqual(['Field 1: Ada Lovelace']));

  // A key's rows, painted and replaced by the next key's at once.
  draw([searchItem(2, { owner: 102 })]);
  await paintFrame();
  draw([searchItem(3, { owner: 103 })]);
  await paintFrame();
  await settle();
  expect(lookups).toEqual(['101']);
  await waitFor(() => expect(lines()).toEqual(['Field 3: Owner 103']));
  expect(lookups).toEqual(['101', '103']);
  root.unmount();
});
