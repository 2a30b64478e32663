import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, expect, test } from 'vitest';
import { LockToggle } from '../../components/LockToggle';
import { journalPaths } from '../../contract/journal-paths';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { endSession, startSession } from '../session';
import { calculatedField, setupMockApi } from '../test-support/mock-api';
import { mockJournal } from '../test-support/mock-journal';
import { LockUndoProvider, useUndoLastLockChange } from './last-lock-undo';

const server = setupMockApi();

/** The journal the locks go through; its change sets are read from `journal.sets`. */
let journal: ReturnType<typeof mockJournal>;

/** Each change set recorded, in order: true for a lock, false for an unlock. */
const sent = () => journal.sets.map(({ changeSet }) => changeSet.kind === 'lock');

beforeEach(() => {
  startSession('token-for-tests', false);
  journal = mockJournal(new Map([[1, calculatedField(1, { name: 'Revenue' })]]));
  server.use(...journal.handlers);
});

/** What the keyboard shortcut does, as a button that says whether there was a change to undo. */
function UndoShortcut() {
  const undoLast = useUndoLastLockChange();
  const [answer, setAnswer] = useState('');
  return <button onClick={() => setAnswer(String(undoLast()))}>Undo last {answer}</button>;
}

const revenue = { id: 1, name: 'Revenue', locked: false };

test('the shortcut undoes the last lock change made by another part of the page, once', async () => {
  const { user } = renderWithProviders(
    <>
      <LockToggle field={revenue} />
      <UndoShortcut />
    </>,
  );
  await user.click(screen.getByRole('switch', { name: 'Lock Revenue' }));
  await waitFor(() => expect(sent()).toEqual([true]));

  await user.click(screen.getByRole('button', { name: /Undo last/ }));
  await waitFor(() => expect(sent()).toEqual([true, false]));
  expect(screen.getByRole('button', { name: 'Undo last true' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: /Undo last/ }));
  expect(screen.getByRole('button', { name: 'Undo last false' })).toBeInTheDocument();
  expect(sent()).toEqual([true, false]);
});

test("a sign-out takes back a lock's Undo: the next person neither sees it nor undoes it with the shortcut", async () => {
  const { user } = renderWithProviders(
    <>
      <LockToggle field={revenue} />
      <UndoShortcut />
    </>,
  );
  await user.click(screen.getByRole('switch', { name: 'Lock Revenue' }));
  await waitFor(() => expect(sent()).toEqual([true]));
  expect(await screen.findByText('Locked “Revenue”')).toBeInTheDocument();
  // The lock is made and settled before anyone signs out.
  await waitFor(() =>
    expect(screen.getByRole('switch', { name: 'Lock Revenue' })).not.toHaveAttribute(
      'aria-disabled',
    ),
  );

  act(() => {
    endSession();
    startSession('another-persons-token', false);
  });
  // At once, not when the notice would have closed by itself.
  await waitFor(() => expect(screen.queryByText('Locked “Revenue”')).toBeNull(), { timeout: 500 });
  expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  await user.click(screen.getByRole('button', { name: /Undo last/ }));
  expect(screen.getByRole('button', { name: 'Undo last false' })).toBeInTheDocument();
  expect(sent()).toEqual([true]);
});

test('each provider keeps its own last change: an undo elsewhere does not reach it', async () => {
  const { user } = renderWithProviders(
    <>
      <LockUndoProvider>
        <LockToggle field={revenue} />
      </LockUndoProvider>
      <LockUndoProvider>
        <UndoShortcut />
      </LockUndoProvider>
    </>,
  );
  await user.click(screen.getByRole('switch', { name: 'Lock Revenue' }));
  await waitFor(() => expect(sent()).toEqual([true]));

  await user.click(screen.getByRole('button', { name: /Undo last/ }));
  expect(screen.getByRole('button', { name: 'Undo last false' })).toBeInTheDocument();
  expect(sent()).toEqual([true]);
});

test('Undo in the notification records an unlock set after the lock set, each of the one field', async () => {
  const { user } = renderWithProviders(<LockToggle field={revenue} />);
  await user.click(screen.getByRole('switch', { name: 'Lock Revenue' }));
  const notice = (await screen.findByText('Locked “Revenue”')).closest('[role="alert"]');
  await waitFor(() => expect(journal.sets).toHaveLength(1));

  await user.click(within(notice as HTMLElement).getByRole('button', { name: 'Undo' }));

  await waitFor(() => expect(journal.sets).toHaveLength(2));
  expect(journal.requests).toEqual([
    { kind: 'lock', items: [{ id: 1, change: { update: { locked: true } } }] },
    { kind: 'unlock', items: [{ id: 1, change: { update: { locked: false } } }] },
  ]);
  expect(journal.sets.map(({ changeSet }) => changeSet.state)).toEqual(['done', 'done']);
  await screen.findByText('Unlocked “Revenue” again');
});

test('a lock whose outcome the instance did not say is reported as not known, not as not made', async () => {
  // The set ends with its item unknown: the instance's answer was lost (proxy mode).
  server.use(
    http.get(journalPaths.changeSet(':id'), ({ params }) => {
      const detail = journal.sets.find(({ changeSet }) => changeSet.id === Number(params.id))!;
      return HttpResponse.json({
        ...detail,
        changeSet: { ...detail.changeSet, state: 'incomplete' },
        items: detail.items.map((item) => ({ ...item, state: 'unknown' })),
      });
    }),
  );
  const { user } = renderWithProviders(<LockToggle field={revenue} />);
  await user.click(screen.getByRole('switch', { name: 'Lock Revenue' }));

  const notice = (await screen.findByText('Whether “Revenue” was locked is not known')).closest(
    '[role="alert"]',
  ) as HTMLElement;
  expect(notice).toHaveTextContent('the instance did not say');
  expect(notice).not.toHaveTextContent('still unlocked');
});
