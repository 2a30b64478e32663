import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { editorMe } from '../../../api/test-support/mock-journal';
import { APP_CONFIG_PATH } from '../../../contract/paths';
import { giveElementsASize } from '../../../test-support/element-size';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { rowsDrawnBeyondView } from './FieldRows';
import { TableOfFields } from './test-support/TableOfFields';

// What the table asks once it has painted: who the token is, and the server's sorts.
setupMockApi(
  editorMe,
  http.get(APP_CONFIG_PATH, () =>
    HttpResponse.json({ mode: 'embedded', tokenHeldByServer: false, demo: false }),
  ),
);
// 400 px at 44 px a row: 10 rows in view once the scroller has reported its size.
giveElementsASize(1200, 400);

beforeEach(() => startSession('token-for-tests', false));
afterEach(() => vi.restoreAllMocks());

const fields = Array.from({ length: 100 }, (_, index) => searchItem(index + 1));
const drawnRows = () => document.querySelectorAll('tr[data-field-id]').length;

/** The table, and the rows it holds in the commit that first draws it. */
function TableAtFirstCommit({ rowsThen }: { rowsThen: number[] }) {
  // A parent's layout effects run after its children's, in the same commit.
  useLayoutEffect(() => void rowsThen.push(drawnRows()), [rowsThen]);
  return <TableOfFields fields={fields} />;
}

// Each read of a scroller's size, or scroll, before the first paint made the browser
// lay the page out without its rows, which came in a third commit
// (bench/results/first-screen.md).
test('the table draws its first rows in its first commit, laying nothing out for them', () => {
  const scrollerReads = vi.fn();
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')!;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.matches('[data-rows-scroller], [data-scroll-root]')) scrollerReads();
    return height.get!.call(this) as number;
  });
  const scrolls = vi.spyOn(HTMLElement.prototype, 'scrollTo');
  const rowsThen: number[] = [];

  renderWithProviders(<TableAtFirstCommit rowsThen={rowsThen} />, { url: '/fields' });

  // The rows that fill the window, with those drawn beyond it.
  expect(rowsThen).toEqual([Math.ceil(window.innerHeight / 44)]);
  expect(scrollerReads).not.toHaveBeenCalled();
  expect(scrolls).not.toHaveBeenCalled();
});

test('once the scroller reports its size, the rows are those it shows', async () => {
  renderWithProviders(<TableOfFields fields={fields} />, { url: '/fields' });
  await screen.findByRole('table', { name: 'Calculated fields' });

  await waitFor(() => expect(drawnRows()).toBe(10 + rowsDrawnBeyondView));
});
