import { screen } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { setupMockApi } from '../../api/test-support/mock-api';
import { fixLink } from '../../links/fix-link';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { FixPage } from './FixPage';

setupMockApi();

beforeEach(() => startSession('token-for-tests', false));

test('the clean-up link opens the clean-up workflow', async () => {
  renderWithProviders(<FixPage />, { url: fixLink({ workflow: 'cleanup' }) });
  expect(await screen.findByRole('radiogroup', { name: 'What to do' })).toBeVisible();
});

test('a merge link opens the merge of its group', async () => {
  const url = fixLink({ workflow: 'merge', finding: 'exact-duplicates', group: 'g1' });
  renderWithProviders(<FixPage />, { url });
  expect(await screen.findByRole('radiogroup', { name: 'The others' })).toBeVisible();
});

test('an address that names no fix is refused', async () => {
  renderWithProviders(<FixPage />, { url: '/fix?workflow=explode' });
  expect(await screen.findByText(/names no fix/)).toBeVisible();
  expect(screen.queryByRole('radiogroup')).toBeNull();
});

test('a merge without its group is refused', async () => {
  renderWithProviders(<FixPage />, { url: '/fix?workflow=merge&finding=exact-duplicates' });
  expect(await screen.findByText(/needs a duplicates finding/)).toBeVisible();
});
