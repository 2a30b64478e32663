import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { endSession, startSession } from '../../api/session';
import { setupMockApi } from '../../api/test-support/mock-api';
import { UndoChangeSet } from '../../components/change-sets/UndoChangeSet';
import type { ChangeSetSummary, KeptPlan, UndoAnswer } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { changedSinceUndoDryRun } from '../../contract/undo-rule';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { UndoDialog } from './UndoDialog';

// Activity's dialog and the drawer's form (UndoChangeSet) offer the same undo: an admin
// reads its dry run in the same words, and a dry run that no longer holds the same way.
const set: ChangeSetSummary = {
  id: 2,
  kind: 'delete',
  note: null,
  person: 'ada',
  createdAt: Date.UTC(2026, 10, 1, 12),
  finishedAt: Date.UTC(2026, 10, 1, 12, 1),
  state: 'done',
  counts: { total: 6, pending: 0, applied: 5, failed: 0, skipped: 1, unknown: 0 },
  undoOf: null,
  undoneBy: null,
};
const plan = (id: number): KeptPlan => ({
  id,
  kind: 'undo',
  counts: { change: 4, skip: 2, repoint: 1 },
  expiresAt: Date.now() + 3_600_000,
  items: [],
});

let dryRuns: number;
/** What confirming a dry run answers: a 409 while the set applied more since. */
let changedSince: boolean;
/** What a dry run answers: a 409 once the set was undone meanwhile. */
let undoneMeanwhile: boolean;
const server = setupMockApi();
beforeEach(() => {
  startSession('token-for-tests', false);
  dryRuns = 0;
  changedSince = false;
  undoneMeanwhile = false;
  server.use(
    http.get(journalPaths.me, () =>
      HttpResponse.json({ person: 'ada', role: 'editor', canWrite: true }),
    ),
    http.post(journalPaths.undo(':id'), () => {
      dryRuns += 1;
      if (undoneMeanwhile) return conflict(undoneAlready, journalPaths.undo(2));
      const answer: UndoAnswer = { changeSet: null, plan: plan(30 + dryRuns) };
      return HttpResponse.json(answer);
    }),
    http.get(journalPaths.planItems(':id'), () => HttpResponse.json({ total: 6, items: [] })),
    http.post(journalPaths.changeSets, () =>
      changedSince
        ? conflict(changedSinceUndoDryRun(2), journalPaths.changeSets)
        : undoneMeanwhile
          ? conflict(undoneAlready, journalPaths.changeSets)
          : HttpResponse.json({ ...set, id: 3, kind: 'undo', undoOf: 2, state: 'running' }),
    ),
  );
});
afterEach(() => endSession());

const undoneAlready = 'change set 2 was undone already, by change set 3';
const conflict = (message: string, path: string) =>
  HttpResponse.json({ status: 409, statusReason: 'Conflict', message, path }, { status: 409 });

const WORDS =
  '3 fields will be put back as before. 1 field that nested a deleted field will name its new id. 2 fields will be refused.';

/** The drawer's form, its dry run asked. */
async function drawerUndo() {
  const rendered = renderWithProviders(<UndoChangeSet id={2} applied={5} />);
  await rendered.user.click(await screen.findByRole('button', { name: 'Undo…' }));
  await screen.findByRole('list', { name: 'What the undo would do' });
  return rendered;
}

/** Activity's dialog, open. */
async function activityUndo() {
  const rendered = renderWithProviders(
    <UndoDialog changeSet={set} onClose={() => {}} onStarted={() => {}} />,
  );
  const dialog = await screen.findByRole('dialog', { name: 'Undo change set 2?' });
  await within(dialog).findByRole('list', { name: 'What the undo would do' });
  return { ...rendered, dialog };
}

const countWords = () => screen.getByText(/will be put back/).textContent;

test('Activity and the drawer word one dry run of an undo alike', async () => {
  const activity = await activityUndo();
  const inActivity = countWords();
  activity.unmount();
  const drawer = await drawerUndo();
  const inDrawer = countWords();
  drawer.unmount();
  expect([inActivity, inDrawer]).toEqual([WORDS, WORDS]);
});

test.each([
  ['Activity', activityUndo],
  ['the drawer', drawerUndo],
])(
  'in %s, a dry run refused at its confirmation because the set changed since says why, and is made again',
  async (_place, open) => {
    const { user } = await open();
    changedSince = true;
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This dry run no longer holds');
    expect(alert).toHaveTextContent(
      "Change set 2 applied more fields since the undo's dry run (a retry or a check): run the dry run again to undo every field it applied. Nothing was changed.",
    );
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();

    changedSince = false;
    await user.click(within(alert).getByRole('button', { name: 'Run the dry run again' }));
    await screen.findByRole('list', { name: 'What the undo would do' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();
    expect(dryRuns).toBe(2);
  },
);

test.each([
  ['Activity', activityUndo],
  ['the drawer', drawerUndo],
])(
  'in %s, a dry run made again and refused shows the refusal, not the dry run before it',
  async (_place, open) => {
    const { user } = await open();
    undoneMeanwhile = true;
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Run the dry run again' }));

    await screen.findByText('The undo was refused');
    expect(screen.getByText('Change set 2 was undone already, by change set 3.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'What the undo would do' })).toBeNull();
    expect(screen.queryByText(/will be put back/)).toBeNull();
    const undo = screen.queryByRole('button', { name: 'Undo' });
    if (undo) expect(undo).toBeDisabled();
  },
);
