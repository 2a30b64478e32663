import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { MatchesSearch } from '../../../api/calculated-fields/all-matches';
import { startSession } from '../../../api/session';
import { calculatedField, setupMockApi } from '../../../api/test-support/mock-api';
import { mockJournal, reader } from '../../../api/test-support/mock-journal';
import type { MockJournalOptions } from '../../../api/test-support/mock-journal';
import { searchItemOf } from '../../../contract/field';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { RowCheckbox } from '../selection/selection-cells';
import { SelectionBar } from '../selection/SelectionBar';
import { useFieldSelection } from '../selection/use-field-selection';

const server = setupMockApi();
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => startSession('token-for-tests', false));

/** Three fields; "Locked one" is locked. */
const stored = [
  calculatedField(1, { name: 'First' }),
  calculatedField(2, { name: 'Locked one', locked: true }),
  calculatedField(3, { name: 'Third' }),
];
const rows = stored.map(searchItemOf);
const search: MatchesSearch = { name: '', filters: [] };

function Selection() {
  const controls = useFieldSelection(rows);
  return (
    <>
      <SelectionBar controls={controls} search={search} searchKey="" totalHits={rows.length} />
      {rows.map((field) => (
        <RowCheckbox key={field.id} field={field} controls={controls} />
      ))}
    </>
  );
}

function renderBar(options: MockJournalOptions = {}) {
  const fields = new Map(stored.map((field) => [field.id, field]));
  const journal = mockJournal(fields, options);
  server.use(...journal.handlers);
  return { ...renderWithProviders(<Selection />, { url: '/fields' }), fields, journal };
}

const dialog = () => within(screen.getByRole('dialog'));

test('bulk archive: the dry run lists the locked field as skipped, then progress, then undo', async () => {
  const { user, fields } = renderBar({ readsWhileRunning: 2 });
  for (const name of ['First', 'Locked one', 'Third'])
    await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(await screen.findByRole('button', { name: 'Change' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Archive…' }));
  await screen.findByRole('dialog'); // its code is loaded on first use

  await dialog().findByText('2 fields will change, 1 field skipped.');
  const planned = dialog().getByRole('list', { name: 'What the change would do' });
  expect(within(planned).getByText('Locked one').closest('[role="listitem"]')).toHaveTextContent(
    'locked: unlock it first',
  );
  expect(fields.get(1)?.archived).toBe(false);

  await user.click(dialog().getByRole('button', { name: 'Archive' }));
  await dialog().findByText(/^Changing: \d+% done \(\d of 3 fields\)\.$/);
  expect(dialog().getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  await dialog().findByText('2 fields changed, 1 skipped.', {}, { timeout: 10_000 });
  expect(
    within(await dialog().findByRole('list', { name: 'Skipped fields' })).getByRole('listitem'),
  ).toHaveTextContent('Locked one');
  expect([1, 2, 3].map((id) => fields.get(id)?.archived)).toEqual([true, false, true]);

  await user.click(await dialog().findByRole('button', { name: 'Undo…' }));
  await dialog().findByText('Undo this change?');
  await user.click(dialog().getByRole('button', { name: 'Undo' }));
  await dialog().findByText('Undone by change set 2: 2 fields changed.');
  expect([1, 2, 3].map((id) => fields.get(id)?.archived)).toEqual([false, false, false]);
});

test('bulk lock: one change set of lock items, the locked field skipped, followed with its counts, then undone', async () => {
  const { user, fields, journal } = renderBar({ readsWhileRunning: 2 });
  for (const name of ['First', 'Locked one', 'Third'])
    await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(screen.getByRole('button', { name: 'Lock selected' }));
  await screen.findByRole('dialog', { name: 'Lock 3 fields' }); // its code is loaded on first use

  await dialog().findByText('2 fields will change, 1 field skipped.');
  const planned = dialog().getByRole('list', { name: 'What the change would do' });
  expect(within(planned).getByText('Locked one').closest('[role="listitem"]')).toHaveTextContent(
    'it is so already',
  );
  await user.click(dialog().getByRole('button', { name: 'Lock' }));
  await dialog().findByText(/^Changing: \d+% done \(\d of 3 fields\)\.$/);
  const count = (label: string) => dialog().getByText(label).nextElementSibling?.textContent;
  const labels = ['Changed', 'Skipped', 'Failed'];
  expect([...labels, 'Remaining'].map(count)).toEqual(['0', '1', '0', '2']);
  await dialog().findByText('2 fields changed, 1 skipped.', {}, { timeout: 10_000 });
  expect(labels.map(count)).toEqual(['2', '1', '0']);
  expect(dialog().queryByText('Remaining')).toBeNull();

  // What was confirmed is what the dry run showed: each item based on the version it read.
  const sent = journal.requests.at(-1)!;
  expect(sent.kind).toBe('lock');
  expect(sent.items).toEqual(
    stored.map(({ id, checkSum, lastModified }) => ({
      id,
      change: { update: { locked: true } },
      basedOn: { checkSum, lastModified },
    })),
  );
  expect([1, 2, 3].map((id) => fields.get(id)?.locked)).toEqual([true, true, true]);

  await user.click(await dialog().findByRole('button', { name: 'Undo…' }));
  await user.click(await dialog().findByRole('button', { name: 'Undo' }));
  await dialog().findByText('Undone by change set 2: 2 fields changed.');
  expect([1, 2, 3].map((id) => fields.get(id)?.locked)).toEqual([false, true, false]);
});

test('a reader is offered no change of the selection, not even a lock', async () => {
  const { user, journal } = renderBar({ me: reader });
  await user.click(screen.getByRole('checkbox', { name: 'Select First' }));
  await waitFor(() => expect(journal.reads.me).toBe(1));
  expect(screen.queryByRole('button', { name: 'Lock selected' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
});

test('a field changed between the dry run and the confirmation is skipped, not deleted unseen', async () => {
  const { user, fields } = renderBar();
  for (const name of ['First', 'Third'])
    await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(await screen.findByRole('button', { name: 'Change' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete…' }));
  await screen.findByRole('dialog');
  await dialog().findByText('2 fields will change, 0 fields skipped.');

  // Someone edits "Third" (another tab, the API) while the dry run is on screen.
  const third = fields.get(3)!;
  fields.set(3, { ...third, expression: 'SUM(`Cost`)', checkSum: 'edited meanwhile' });

  await user.click(dialog().getByRole('button', { name: 'Delete' }));
  await dialog().findByText('1 field changed, 1 skipped.');
  expect(
    within(await dialog().findByRole('list', { name: 'Skipped fields' })).getByRole('listitem'),
  ).toHaveTextContent('Third');
  expect(fields.has(1)).toBe(false);
  expect(fields.get(3)?.expression).toBe('SUM(`Cost`)');
});

test('keyboard only: the menu opens the dialog, Escape closes it and gives focus back to Change', async () => {
  const { user, fields } = renderBar();
  await user.click(screen.getByRole('checkbox', { name: 'Select First' }));
  const change = await screen.findByRole('button', { name: 'Change' });
  change.focus();
  await user.keyboard('{Enter}');
  await user.keyboard('{ArrowDown}');
  expect(await screen.findByRole('menuitem', { name: 'Archive…' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await dialog().findByText('1 field will change, 0 fields skipped.');

  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(screen.getByRole('button', { name: 'Change' })).toHaveFocus());
  expect(fields.get(1)?.archived).toBe(false);
});

test('an undo says what it did: a field changed again since is left as it is, and said so', async () => {
  const { user, fields } = renderBar();
  for (const name of ['First', 'Third'])
    await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(await screen.findByRole('button', { name: 'Change' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Archive…' }));
  await screen.findByRole('dialog');
  await dialog().findByText('2 fields will change, 0 fields skipped.');
  await user.click(dialog().getByRole('button', { name: 'Archive' }));
  await dialog().findByText('2 fields changed.');

  // Someone renames "Third" after it was archived: its undo must not overwrite that.
  fields.set(3, { ...fields.get(3)!, name: 'Third, renamed', checkSum: 'renamed meanwhile' });
  await user.click(await dialog().findByRole('button', { name: 'Undo…' }));
  await dialog().findByText('1 field will be put back as before. 1 field will be refused.');
  await user.click(dialog().getByRole('button', { name: 'Undo' }));

  await dialog().findByText('Undone by change set 2: 1 field changed, 1 skipped.');
  expect(dialog().queryByText(/the fields are back as they were/)).toBeNull();
  expect([1, 3].map((id) => fields.get(id)?.archived)).toEqual([false, true]);
});
