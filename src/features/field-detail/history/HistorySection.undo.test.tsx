import { configure, screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { startChangeSet } from '../../../api/journal/start-change-set';
import { undoChangeSet } from '../../../api/journal/undo-change-set';
import { startSession } from '../../../api/session';
import { calculatedField, setupMockApi } from '../../../api/test-support/mock-api';
import { mockJournal } from '../../../api/test-support/mock-journal';
import { changeSetAddress } from '../../../links/activity-address';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { HistorySection } from './HistorySection';

const server = setupMockApi();
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

beforeEach(() => startSession('token-for-tests', false));

test('a change set undone already names its undo instead of offering Undo; the undo itself may be undone', async () => {
  const journal = mockJournal(new Map([[7, calculatedField(7, { name: 'Revenue' })]]));
  server.use(...journal.handlers);
  await startChangeSet({
    kind: 'rename',
    items: [{ id: 7, change: { update: { name: 'Net revenue' } } }],
  });
  await undoChangeSet({ id: 1, dryRun: false });

  renderWithProviders(<HistorySection fieldId={7} />);
  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  const [undo, rename] = within(history).getAllByRole('listitem');
  within(rename!).getByText('Renamed');
  const undoneBy = await within(rename!).findByRole('link', { name: 'change set #2' });
  expect(undoneBy).toHaveAttribute(
    'href',
    changeSetAddress({ id: 2, person: 'demo', at: journal.sets[1]!.changeSet.createdAt }),
  );
  expect(rename).toHaveTextContent('Undone by change set #2');
  expect(within(rename!).queryByRole('button', { name: 'Undo…' })).toBeNull();
  within(undo!).getByText('Undone');
  await within(undo!).findByRole('button', { name: 'Undo…' });
});
