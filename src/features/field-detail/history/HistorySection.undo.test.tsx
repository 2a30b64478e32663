import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { confirmPlan, startChangeSet } from '../../../api/journal/start-change-set';
import { planUndo } from '../../../api/journal/undo-change-set';
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
  const fields = new Map([[7, calculatedField(7, { name: 'Revenue' })]]);
  const journal = mockJournal(fields);
  server.use(...journal.handlers);
  await startChangeSet(
    {
      kind: 'rename',
      items: [{ id: 7, change: { update: { name: 'Net revenue' } } }],
    },
    'embedded',
  );
  await confirmPlan(await planUndo({ id: 1 }, 'embedded'), 'embedded');

  renderWithProviders(<HistorySection field={fields.get(7)!} />);
  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  const [undo, rename] = within(history).getAllByRole('listitem');
  within(rename!).getByText('Renamed');
  const undoneBy = await within(rename!).findByRole('link', { name: 'change set 2' });
  expect(undoneBy).toHaveAttribute(
    'href',
    changeSetAddress({ id: 2, person: 'demo', at: journal.sets[1]!.changeSet.createdAt }),
  );
  expect(rename).toHaveTextContent('Undone by change set 2');
  expect(within(rename!).queryByRole('button', { name: 'Undo…' })).toBeNull();
  within(undo!).getByText('Undone');
  await within(undo!).findByRole('button', { name: 'Undo…' });
});

test("each version says from the history's own answer whether its set was undone or may not be undone yet", async () => {
  const before = calculatedField(7, { name: 'Revenue' });
  const after = calculatedField(7, { name: 'Net revenue' });
  const version = { kind: 'rename', person: 'ada', before, after, appliedFields: 1 } as const;
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

  renderWithProviders(<HistorySection field={after} />);
  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  const [running, undone] = within(history).getAllByRole('listitem');
  expect(await within(undone!).findByRole('link', { name: 'change set 600' })).toHaveAttribute(
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

test('a change of this field alone that changed again since offers Undo disabled, saying why, before any dry run', async () => {
  const fields = new Map([[7, calculatedField(7, { name: 'Revenue' })]]);
  const journal = mockJournal(fields);
  const dryRuns = vi.fn();
  server.use(
    http.post(journalPaths.undo(':id'), () => {
      dryRuns();
    }),
    ...journal.handlers,
  );
  await startChangeSet(
    {
      kind: 'rename',
      items: [{ id: 7, change: { update: { name: 'Net revenue' } } }],
    },
    'embedded',
  );
  // Someone changed it since, outside this server: its history holds no later version.
  const now = { ...fields.get(7)!, checkSum: 'changed-elsewhere', lastModified: 1_800_000_000_000 };

  renderWithProviders(<HistorySection field={now} />);
  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  const undo = await within(history).findByRole('button', { name: 'Undo…' });
  expect(undo).toBeDisabled();
  // The set the words name is named on the version too, linked to it on the Activity page.
  expect(within(history).getByRole('link', { name: 'change set 1' })).toHaveAttribute(
    'href',
    changeSetAddress({ id: 1, person: 'demo', at: journal.sets[0]!.changeSet.createdAt }),
  );
  expect(undo).toHaveAccessibleDescription(
    'Change set 1 changed this field alone, and it changed again since; undo refuses it.',
  );
  expect(dryRuns).not.toHaveBeenCalled();
});

test('a change of several fields says the undo leaves this one, changed again since, and puts the others back', async () => {
  const fields = new Map([
    [7, calculatedField(7, { name: 'Revenue' })],
    [8, calculatedField(8, { name: 'Cost' })],
  ]);
  const journal = mockJournal(fields);
  server.use(...journal.handlers);
  await startChangeSet(
    {
      kind: 'handover',
      items: [
        { id: 7, change: { update: { owner: 102 } } },
        { id: 8, change: { update: { owner: 102 } } },
      ],
    },
    'embedded',
  );
  await startChangeSet(
    { kind: 'rename', items: [{ id: 7, change: { update: { name: 'Net' } } }] },
    'embedded',
  );

  const { user } = renderWithProviders(<HistorySection field={fields.get(7)!} />);
  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  const [rename, handover] = within(history).getAllByRole('listitem');
  const undo = await within(handover!).findByRole('button', { name: 'Undo…' });
  expect(undo).toBeEnabled();
  expect(undo).toHaveAccessibleDescription(
    'The undo puts back the other field of change set 1 and leaves this one: it changed again since; undo refuses it.',
  );
  expect(within(rename!).getByRole('button', { name: 'Undo…' })).toBeEnabled();
  expect(rename).not.toHaveTextContent(/leaves this one/);
  // The dry run then agrees: there is a field to put back (8), so the undo may go on.
  await user.click(undo);
  expect(await within(handover!).findByText('Undo this change?')).toBeVisible();
  expect(within(handover!).getByRole('button', { name: 'Undo' })).toBeEnabled();
});

test('a copy of the field older than the change says nothing of it: the history may arrive before the field is read again', async () => {
  const before = calculatedField(7, { name: 'Revenue', checkSum: 'a', lastModified: 1_000 });
  const after = { ...before, name: 'Net revenue', checkSum: 'b', lastModified: 2_000 };
  server.use(
    editorMe,
    http.get(journalPaths.fieldHistory(7), () =>
      HttpResponse.json({
        versions: [
          {
            changeSetId: 1,
            kind: 'rename',
            person: 'ada',
            at: 2_000,
            state: 'done',
            undoneBy: null,
            before,
            after,
            appliedFields: 1,
          },
        ],
      }),
    ),
  );

  renderWithProviders(<HistorySection field={before} />);
  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  expect(await within(history).findByRole('button', { name: 'Undo…' })).toBeEnabled();
});

test("an undo's confirmation refused because another tab undid the set meanwhile: the history then names that undo", async () => {
  const fields = new Map([[7, calculatedField(7, { name: 'Revenue' })]]);
  const journal = mockJournal(fields);
  server.use(...journal.handlers);
  await startChangeSet(
    { kind: 'rename', items: [{ id: 7, change: { update: { name: 'Net revenue' } } }] },
    'embedded',
  );
  const { user } = renderWithProviders(<HistorySection field={fields.get(7)!} />);
  const history = await screen.findByRole('list', { name: 'Recorded versions' });
  await user.click(await within(history).findByRole('button', { name: 'Undo…' }));
  await within(history).findByRole('list', { name: 'What the undo would do' });

  await confirmPlan(await planUndo({ id: 1 }, 'embedded'), 'embedded');
  await user.click(within(history).getByRole('button', { name: 'Undo' }));
  await waitFor(() => expect(history).toHaveTextContent('Undone by change set 2'));
  expect(within(history).queryByRole('button', { name: 'Undo' })).toBeNull();
  expect(journal.sets).toHaveLength(2);
});
