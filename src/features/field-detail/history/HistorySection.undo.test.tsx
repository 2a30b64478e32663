import { configure, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startChangeSet } from '../../../api/journal/start-change-set';
import { undoChangeSet } from '../../../api/journal/undo-change-set';
import { startSession } from '../../../api/session';
import { calculatedField, setupMockApi } from '../../../api/test-support/mock-api';
import { editorMe, mockJournal } from '../../../api/test-support/mock-journal';
import { journalPaths } from '../../../contract/journal';
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

test("each version says from the history's own answer whether its set was undone or may not be undone yet", async () => {
  const before = calculatedField(7, { name: 'Revenue' });
  const after = calculatedField(7, { name: 'Net revenue' });
  const version = { kind: 'rename', person: 'ada', before, after } as const;
  const listed = vi.fn();
  server.use(
    editorMe,
    // The journal's list of the field's sets is no longer read: the history says it all.
    http.get(journalPaths.changeSets, () => {
      listed();
      return HttpResponse.json({ total: 0, changeSets: [] });
    }),
    http.get(journalPaths.fieldHistory(7), () =>
      HttpResponse.json({
        versions: [
          {
            ...version,
            changeSetId: 1,
            at: 1_700_000_000_000,
            state: 'done',
            undoneBy: { changeSetId: 600, person: 'grace', at: 1_700_000_900_000 },
          },
          { ...version, changeSetId: 601, at: 1_700_000_950_000, state: 'running', undoneBy: null },
        ],
      }),
    ),
  );

  renderWithProviders(<HistorySection fieldId={7} />);
  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  const [running, undone] = within(history).getAllByRole('listitem');
  expect(await within(undone!).findByRole('link', { name: 'change set #600' })).toHaveAttribute(
    'href',
    changeSetAddress({ id: 600, person: 'grace', at: 1_700_000_900_000 }),
  );
  expect(within(undone!).queryByRole('button', { name: 'Undo…' })).toBeNull();
  const undo = within(running!).getByRole('button', { name: 'Undo…' });
  expect(undo).toBeDisabled();
  expect(undo).toHaveAccessibleDescription(
    'Change set 601 is still running; cancel it or wait before you undo it.',
  );
  expect(listed).not.toHaveBeenCalled();
});
