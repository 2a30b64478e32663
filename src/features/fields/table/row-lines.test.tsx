import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../../api/session';
import { searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { giveElementsASize } from '../../../test-support/element-size';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { TableOfFields } from './test-support/TableOfFields';

setupMockApi();
giveElementsASize(1200, 400);

beforeEach(() => startSession('token-for-tests', false));

async function renderRows(count: number) {
  const fields = Array.from({ length: count }, (_, index) => searchItem(index + 1));
  renderWithProviders(<TableOfFields fields={fields} />, { url: '/fields' });
  const table = await screen.findByRole('table', { name: 'Calculated fields' });
  const body = table.querySelector('tbody')!;
  return { body, rows: within(body).getAllByRole('row') };
}

test('every row but the table’s last has a line below it', async () => {
  const { rows } = await renderRows(3);
  expect(rows.map((row) => row.hasAttribute('data-with-row-border'))).toEqual([true, true, false]);
});

// Mantine's table body styles its rows by position (:last-of-type, :nth-of-type): the
// browser then styled every row in view again whenever one scrolled in or out at the top.
test('the rows’ body has no styles that depend on a row’s position', async () => {
  const { body } = await renderRows(3);
  expect(body.className).toBe('');
});
