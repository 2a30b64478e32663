import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { nameHandlers } from '../../api/test-support/mock-names';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { searchItem, setupMockApi } from '../../api/test-support/mock-api';
import { apiPaths } from '../../contract/paths';
import { asProductionSends } from '../../test-support/production-variant';
import { giveElementsASize } from '../../test-support/element-size';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { FieldsPage } from './FieldsPage';

const server = setupMockApi();
giveElementsASize(1200, 400);

/** Four fields as production may send them; the third one's owner cannot be read. */
const page = {
  totalHits: 4,
  results: [1, 2, 3, 4].map((id) =>
    asProductionSends({ ...searchItem(id, { name: `Field ${id}` }) }, 3),
  ),
  hasMore: false,
  degraded: false,
};

beforeEach(() => {
  startSession('token-for-tests', false);
  server.use(
    http.post(apiPaths.search, () => HttpResponse.json(page)),
    ...nameHandlers('missing'),
  );
});

test("shows the rows of production's shapes, and says which row could not be read", async () => {
  renderWithProviders(<FieldsPage />, { url: '/fields', path: '/fields' });
  const table = await screen.findByRole('table', { name: 'Calculated fields' });
  for (const name of ['Field 1', 'Field 2', 'Field 4'])
    expect(within(table).getByText(name)).toBeTruthy();
  expect(within(table).queryByText('Field 3')).toBeNull();
  const notice = screen.getByRole('alert', { name: /A row could not be read/ });
  expect(notice.textContent).toContain('Row 3 (id 3): owner');
});
