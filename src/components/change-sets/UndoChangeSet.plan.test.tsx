import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startChangeSet } from '../../api/journal/start-change-set';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import { mockJournal } from '../../api/test-support/mock-journal';
import { journalPaths } from '../../contract/journal';
import { layOutLongLists } from '../../test-support/list-layout';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { UndoChangeSet } from './UndoChangeSet';

const COUNT = 1000;
const server = setupMockApi();
layOutLongLists(200, 26);
vi.setConfig({ testTimeout: 30_000 });

let asked: { undos: number; started: unknown[] };
beforeEach(() => {
  startSession('token-for-tests', false);
  asked = { undos: 0, started: [] };
});

/** A lock of 1,000 fields, done; every tenth is renamed since, so its undo leaves it. */
async function renderUndoOfLock() {
  const fields = new Map(
    Array.from({ length: COUNT }, (_, index) => {
      const id = index + 1;
      return [id, calculatedField(id, { name: `Field ${id}`, locked: false })];
    }),
  );
  const journal = mockJournal(fields);
  server.use(
    // What the app asks, before the journal's own handlers answer it.
    http.post(journalPaths.undo(':id'), () => {
      asked.undos += 1;
    }),
    http.post(journalPaths.changeSets, async ({ request }) => {
      asked.started.push(await request.clone().json());
    }),
    ...journal.handlers,
  );
  await startChangeSet(
    {
      kind: 'lock',
      items: [...fields.keys()].map((id) => ({ id, change: { update: { locked: true } } })),
    },
    'embedded',
  );
  asked.started = [];
  for (let id = 10; id <= COUNT; id += 10) {
    const field = fields.get(id)!;
    fields.set(id, { ...field, name: `${field.name}, renamed`, checkSum: `${field.checkSum}!` });
  }
  renderWithProviders(<UndoChangeSet id={1} applied={COUNT} />);
  return { journal, fields };
}

const shownLines = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

test("an undo's kept dry run: its counts and first items at once, its pages read as its list scrolls, confirmed by its id", async () => {
  const { journal, fields } = await renderUndoOfLock();
  fireEvent.click(await screen.findByRole('button', { name: 'Undo…' }));

  await screen.findByText('900 fields will be put back as before. 100 fields will be refused.');
  const box = screen.getByRole('region', { name: 'What the undo would do: 1,000 items' });
  const list = within(box).getByRole('list', { name: 'What the undo would do' });
  expect(shownLines(list)[0]).toBe('Field 1 (field 1) locked: true → false');
  expect(shownLines(list).length).toBeLessThan(40);
  expect(journal.reads.planPages).toBe(0);

  box.focus();
  fireEvent.keyDown(box, { key: 'End' });
  fireEvent.scroll(box); // a browser tells the list it scrolled; happy-dom does not
  await waitFor(() =>
    expect(shownLines(list).at(-1)).toMatch(/^Field 1000 \(field 1000\) skipped/),
  );
  // The last page alone: the pages between are never read.
  expect(journal.reads.planPages).toBe(1);

  fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
  await screen.findByText(/^Undone by change set 2: /, {}, { timeout: 10_000 });
  expect(asked).toEqual({ undos: 1, started: [{ planId: 1 }] });
  expect(fields.get(999)?.locked).toBe(false);
  expect(fields.get(1000)?.locked).toBe(true);
});

test('an expired undo dry run says so, changes nothing, and is made again on asking', async () => {
  const { journal, fields } = await renderUndoOfLock();
  fireEvent.click(await screen.findByRole('button', { name: 'Undo…' }));
  await screen.findByText('900 fields will be put back as before. 100 fields will be refused.');
  journal.expirePlans();

  fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
  await screen.findByText('This dry run has expired');
  expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
  expect(journal.sets).toHaveLength(1);
  expect(fields.get(1)?.locked).toBe(true);

  fireEvent.click(screen.getByRole('button', { name: 'Run the dry run again' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());
  expect(screen.queryByText('This dry run has expired')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
  await screen.findByText(/^Undone by change set 2: /, {}, { timeout: 10_000 });
  expect(asked).toEqual({ undos: 2, started: [{ planId: 1 }, { planId: 2 }] });
  expect(fields.get(1)?.locked).toBe(false);
});
