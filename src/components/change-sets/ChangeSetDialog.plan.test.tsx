import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { http } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import { mockJournal } from '../../api/test-support/mock-journal';
import type { ChangeSetRequest } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { layOutLongLists } from '../../test-support/list-layout';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { ChangeSetDialog } from './ChangeSetDialog';

const COUNT = 1000;
const server = setupMockApi();
layOutLongLists(200, 26);
vi.setConfig({ testTimeout: 30_000 });

let started: unknown[];
beforeEach(() => {
  startSession('token-for-tests', false);
  started = [];
});

/** A lock of 1,000 fields; every tenth is locked already, so skipped. */
function renderLock() {
  const fields = new Map(
    Array.from({ length: COUNT }, (_, index) => {
      const id = index + 1;
      return [id, calculatedField(id, { name: `Field ${id}`, locked: id % 10 === 0 })];
    }),
  );
  const journal = mockJournal(fields);
  const request: ChangeSetRequest = {
    kind: 'lock',
    items: [...fields.keys()].map((id) => ({ id, change: { update: { locked: true } } })),
  };
  server.use(
    // What the app sends to start the set, before the journal's own handler answers it.
    http.post(journalPaths.changeSets, async ({ request: asked }) => {
      started.push(await asked.clone().json());
    }),
    ...journal.handlers,
  );
  renderWithProviders(
    <ChangeSetDialog
      title="Lock 1,000 fields"
      onClose={() => {}}
      request={request}
      confirmLabel="Lock"
    />,
  );
  return { journal, fields };
}

const dialog = () => within(screen.getByRole('dialog'));
const shownNames = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

test('a kept dry run: its counts and first items at once, its pages read as its list scrolls, confirmed by its id', async () => {
  const { journal, fields } = renderLock();

  await dialog().findByText('900 fields will change, 100 fields skipped.');
  const box = dialog().getByRole('region', { name: 'What the change would do: 1,000 items' });
  const list = within(box).getByRole('list', { name: 'What the change would do' });
  expect(shownNames(list)[0]).toBe('Field 1 (field 1) locked: false → true');
  expect(shownNames(list).length).toBeLessThan(40);
  expect(journal.reads.planPages).toBe(0);

  box.focus();
  fireEvent.keyDown(box, { key: 'End' });
  fireEvent.scroll(box); // a browser tells the list it scrolled; happy-dom does not
  await waitFor(() =>
    expect(shownNames(list).at(-1)).toMatch(/^Field 1000 \(field 1000\) skipped/),
  );
  // The last page alone: the pages between are never read.
  expect(journal.reads.planPages).toBe(1);

  fireEvent.click(dialog().getByRole('button', { name: 'Lock' }));
  await dialog().findByText('900 fields changed, 100 skipped.', {}, { timeout: 10_000 });
  expect(started).toEqual([{ planId: 1 }]);
  expect(fields.get(999)?.locked).toBe(true);
});

test('an expired dry run says so, changes nothing, and is made again on asking', async () => {
  const { journal, fields } = renderLock();
  await dialog().findByText('900 fields will change, 100 fields skipped.');
  journal.expirePlans();

  fireEvent.click(dialog().getByRole('button', { name: 'Lock' }));
  await dialog().findByText('This dry run has expired');
  expect(dialog().getByRole('button', { name: 'Lock' })).toBeDisabled();
  expect(journal.sets).toHaveLength(0);
  expect(fields.get(1)?.locked).toBe(false);

  // The new dry run is held: until it comes, the expired one on screen cannot be confirmed.
  let answer = () => {};
  const held = new Promise<void>((resolve) => (answer = resolve));
  server.use(http.post(journalPaths.plans, () => held));
  fireEvent.click(dialog().getByRole('button', { name: 'Run the dry run again' }));
  await waitFor(() => expect(dialog().queryByText('This dry run has expired')).toBeNull());
  expect(dialog().getByRole('button', { name: 'Lock' })).toBeDisabled();
  answer();
  await waitFor(() => expect(dialog().getByRole('button', { name: 'Lock' })).toBeEnabled());
  expect(dialog().queryByText('This dry run has expired')).toBeNull();
  fireEvent.click(dialog().getByRole('button', { name: 'Lock' }));
  await dialog().findByText('900 fields changed, 100 skipped.', {}, { timeout: 10_000 });
  expect(started).toEqual([{ planId: 1 }, { planId: 2 }]);
});

test('a dry run is not made again when the window is focused again: each is kept, and a person keeps three', async () => {
  renderLock();
  await dialog().findByText('900 fields will change, 100 fields skipped.');
  let plannedAgain = 0;
  server.use(
    http.post(journalPaths.plans, () => {
      plannedAgain += 1;
    }),
  );
  focusManager.setFocused(false);
  focusManager.setFocused(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  focusManager.setFocused(undefined);
  expect(plannedAgain).toBe(0);
  expect(dialog().getByText('900 fields will change, 100 fields skipped.')).toBeVisible();
});
