import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { ITEMS_PAGE_SIZE } from '../../api/journal/change-set-items';
import { startSession } from '../../api/session';
import { setupMockApi } from '../../api/test-support/mock-api';
import { editorMe, itemsPageOf } from '../../api/test-support/mock-journal';
import type { ChangeItem, ChangeSetDetail } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { layOutLongLists } from '../../test-support/list-layout';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ChangeSetRun } from './ChangeSetRun';

const SKIPPED = 20_000;

// A lock of 20,001 fields, 20,000 of them locked already; their before and after are
// left out, as the list does not show them.
const skippedItem = (index: number): ChangeItem => ({
  fieldId: index + 1,
  fieldName: `Field ${index + 1}`,
  state: 'skipped',
  reason: 'no-change',
  error: null,
  change: { update: { locked: true } },
  before: null,
  after: null,
});
const set: ChangeSetDetail = {
  changeSet: {
    id: 9,
    kind: 'lock',
    note: null,
    person: 'demo',
    createdAt: Date.UTC(2026, 10, 1, 12),
    finishedAt: Date.UTC(2026, 10, 1, 12, 1),
    state: 'done',
    counts: { total: SKIPPED + 1, pending: 0, applied: 1, failed: 0, skipped: SKIPPED, unknown: 0 },
    undoOf: null,
    undoneBy: null,
  },
  items: [
    { ...skippedItem(SKIPPED), state: 'applied', reason: null },
    ...Array.from({ length: SKIPPED }, (_, index) => skippedItem(index)),
  ],
};

let pagesAsked: URLSearchParams[];
let detailAsked: number;
setupMockApi(
  editorMe,
  http.get(journalPaths.summary(':id'), () => HttpResponse.json(set.changeSet)),
  http.get(journalPaths.changeSet(':id'), () => {
    detailAsked += 1;
    return HttpResponse.json(set);
  }),
  http.get(journalPaths.items(':id'), ({ request }) => {
    pagesAsked.push(new URL(request.url).searchParams);
    return HttpResponse.json(itemsPageOf(set, request.url));
  }),
);
layOutLongLists(200, 24);

beforeEach(() => {
  startSession('token-for-tests', false);
  pagesAsked = [];
  detailAsked = 0;
});

const shownNames = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

test('20,000 skipped fields: the exact count, a window drawn, its pages read as it scrolls, never the detail', async () => {
  const { user } = renderWithProviders(<ChangeSetRun id={9} />);

  const box = await screen.findByRole('region', { name: 'Skipped fields: 20,000 items' });
  const list = within(box).getByRole('list', { name: 'Skipped fields' });
  await waitFor(() => expect(shownNames(list)[0]).toBe('Field 1: already so'));
  expect(shownNames(list).length).toBeLessThan(40);
  expect(pagesAsked.map((query) => [query.get('state'), query.get('offset')])).toEqual([
    ['skipped', '0'],
  ]);

  await user.click(box);
  await user.keyboard('{End}');
  fireEvent.scroll(box); // a browser tells the list it scrolled; happy-dom does not
  await waitFor(() => expect(shownNames(list).at(-1)).toBe(`Field ${SKIPPED}: already so`));
  const lastPage = String(SKIPPED - ITEMS_PAGE_SIZE);
  expect(pagesAsked.at(-1)?.get('offset')).toBe(lastPage);
  expect(pagesAsked.length).toBeLessThanOrEqual(3);
  expect(detailAsked).toBe(0);
});
