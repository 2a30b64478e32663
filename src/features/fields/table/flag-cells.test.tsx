import { screen, within } from '@testing-library/react';
import { nameHandlers } from '../../../api/test-support/mock-names';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import type { Link } from '../../../contract/field';
import { giveElementsASize } from '../../../test-support/element-size';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { TableOfFields } from './test-support/TableOfFields';
import { PageNamesProvider } from './page-names';

const link = (valid: string): Link => ({
  resource: { type: 'DATA_SOURCE', id: 'ds-1' },
  visible: true,
  active: true,
  valid,
});

/** One field for each state a filter of the menu picks, and one with none of them. */
const fields = [
  searchItem(1, { name: 'Plain' }),
  searchItem(2, { name: 'Locked one', locked: true }),
  searchItem(3, { name: 'Invalid one', status: 'INVALID' }),
  searchItem(4, { name: 'Broken one', links: [link('VALID'), link('ILLEGAL_REFERENCE')] }),
  searchItem(5, { name: 'Archived one', archived: true }),
];

const server = setupMockApi();
giveElementsASize();
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => {
  startSession('token-for-tests', false);
  server.use(...nameHandlers('missing'));
});

function Table() {
  return (
    <PageNamesProvider fields={fields}>
      <TableOfFields fields={fields} />
    </PageNamesProvider>
  );
}

/** A row's cells by their column's header. */
function cellsOf(name: string): Record<string, HTMLElement> {
  const table = screen.getByRole('table', { name: 'Calculated fields' });
  const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
  const row = screen.getByRole('link', { name }).closest('tr')!;
  return Object.fromEntries([...row.cells].map((cell, index) => [headers[index]!, cell]));
}

// What each flag filter of the menu leaves in the table must show in every row it
// keeps (the e2e filters journey checks two of them in Chromium).
test('each row shows its lock, an invalid status, broken links and the archive, and a plain row none', () => {
  renderWithProviders(<Table />, { url: '/fields' });

  const plain = cellsOf('Plain');
  expect(within(plain.Locked!).getByRole('switch')).not.toBeChecked();
  expect(within(plain.Name!).queryAllByRole('img')).toEqual([]);
  expect(plain.Status).toHaveTextContent('VALID');
  expect(within(plain.Links!).queryAllByRole('img')).toEqual([]);
  expect(plain.Archived).toHaveTextContent(/^$/);

  const locked = cellsOf('Locked one');
  expect(within(locked.Locked!).getByRole('switch')).toBeChecked();
  expect(within(locked.Name!).getByRole('img', { name: 'Locked' })).toBeInTheDocument();

  const invalid = cellsOf('Invalid one');
  expect(invalid.Status).toHaveTextContent('INVALID');
  expect(within(invalid.Name!).getByRole('img', { name: 'Invalid' })).toBeInTheDocument();

  const broken = cellsOf('Broken one');
  expect(broken.Links).toHaveTextContent('2');
  expect(
    within(broken.Links!).getByRole('img', { name: /^1 link is not VALID/ }),
  ).toBeInTheDocument();

  expect(cellsOf('Archived one').Archived).toHaveTextContent('Archived');
});

test("the Links column's warning says what it means when pointed at", async () => {
  const { user } = renderWithProviders(<Table />, { url: '/fields' });
  const warning = within(cellsOf('Broken one').Links!).getByRole('img');
  await user.hover(warning);
  expect(await screen.findByRole('tooltip', {}, { timeout: 2000 })).toHaveTextContent(
    "1 link is not VALID: the expression names something the link's data source lacks",
  );
});
