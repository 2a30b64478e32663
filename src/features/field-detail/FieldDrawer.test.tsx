import { configure, screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import { mockJournal } from '../../api/test-support/mock-journal';
import { currentUrl, renderWithProviders } from '../../test-support/render-with-providers';
import { FieldDrawer } from './FieldDrawer';
import { mockInstance, smallDirectory } from './test-support/mock-instance';

const server = setupMockApi();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => startSession('token-for-tests', false));

test("Escape on a change's confirmation closes it alone: the drawer stays, with focus on the action", async () => {
  const field = calculatedField(7, { name: 'Revenue' });
  const fields = new Map([[7, field]]);
  mockInstance(server, { fields: [field], directory: smallDirectory });
  server.use(...mockJournal(fields).handlers);
  const { user } = renderWithProviders(<FieldDrawer />, {
    url: '/fields/7',
    path: '/fields/:id',
    otherRoutes: [{ path: '/fields', element: <p>The table</p> }],
  });

  const rename = await screen.findByRole('button', { name: 'Rename' });
  rename.focus();
  await user.keyboard('{Enter}');
  const newName = await screen.findByLabelText(/New name/);
  await user.clear(newName);
  await user.type(newName, 'Net revenue{Enter}');
  await screen.findByText('name: Revenue → Net revenue');

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Rename/ })).toBeNull());
  expect(currentUrl()).toBe('/fields/7');
  expect(screen.getByRole('dialog', { name: 'Revenue' })).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Rename' })).toHaveFocus());
  expect(fields.get(7)?.name).toBe('Revenue');
});
