import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { beforeEach, expect, test } from 'vitest';
import { LockToggle } from '../../components/LockToggle';
import { apiPaths } from '../../contract/paths';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { startSession } from '../session';
import { calculatedField, setupMockApi } from '../test-support/mock-api';
import { LockUndoProvider, useUndoLastLockChange } from './last-lock-undo';

/** The body of each lock request the instance received, in order. */
let sent: boolean[] = [];

const server = setupMockApi();

beforeEach(() => {
  startSession('token-for-tests', false);
  sent = [];
  server.use(
    http.put(apiPaths.template(':id'), async ({ params, request }) => {
      const { locked } = (await request.json()) as { locked: boolean };
      sent.push(locked);
      return HttpResponse.json(calculatedField(Number(params.id), { locked }));
    }),
  );
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
  await waitFor(() => expect(sent).toEqual([true]));

  await user.click(screen.getByRole('button', { name: /Undo last/ }));
  await waitFor(() => expect(sent).toEqual([true, false]));
  expect(screen.getByRole('button', { name: 'Undo last true' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: /Undo last/ }));
  expect(screen.getByRole('button', { name: 'Undo last false' })).toBeInTheDocument();
  expect(sent).toEqual([true, false]);
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
  await waitFor(() => expect(sent).toEqual([true]));

  await user.click(screen.getByRole('button', { name: /Undo last/ }));
  expect(screen.getByRole('button', { name: 'Undo last false' })).toBeInTheDocument();
  expect(sent).toEqual([true]);
});
