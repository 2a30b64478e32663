import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { useSearchFields } from '../api/calculated-fields/use-search-fields';
import { startSession } from '../api/session';
import {
  calculatedField,
  heldAnswer,
  searchItem,
  setupMockApi,
} from '../api/test-support/mock-api';
import type { SearchResultItem } from '../contract/field';
import { apiPaths } from '../contract/paths';
import type { SearchRequest } from '../contract/search';
import { renderWithProviders } from '../test-support/render-with-providers';
import { LockToggle } from './LockToggle';

const request: SearchRequest = { filters: [], sort: { field: 'name', ascending: true }, limit: 25 };

/** The instance's fields as they are now: Revenue is unlocked, Margin locked. */
let fields: SearchResultItem[] = [];
/** Each lock request the instance received, in order. */
let lockRequests: Array<{ id: number; body: unknown }> = [];
/** While set, searches wait for the test to let them go. */
let searchesHeld: ReturnType<typeof heldAnswer> | undefined;

const server = setupMockApi();

beforeEach(() => {
  startSession('token-for-tests', false);
  fields = [searchItem(1, { name: 'Revenue' }), searchItem(2, { name: 'Margin', locked: true })];
  lockRequests = [];
  searchesHeld = undefined;
  server.use(
    http.post(apiPaths.search, async () => {
      await searchesHeld?.hold();
      return HttpResponse.json({
        totalHits: fields.length,
        results: fields,
        hasMore: false,
        degraded: false,
      });
    }),
  );
});

/** Answers each lock request once the test lets `answer` go: accepted, or refused with 403. */
function answerLocks(answer: ReturnType<typeof heldAnswer>, accept: boolean) {
  server.use(
    http.put(apiPaths.template(':id'), async ({ params, request: put }) => {
      const id = Number(params.id);
      const body = (await put.json()) as { locked: boolean };
      lockRequests.push({ id, body });
      await answer.hold();
      if (!accept) {
        return HttpResponse.json(
          { status: 403, statusReason: 'Forbidden', message: 'not yours', path: '' },
          { status: 403 },
        );
      }
      fields = fields.map((field) => (field.id === id ? { ...field, locked: body.locked } : field));
      const field = fields.find((candidate) => candidate.id === id)!;
      return HttpResponse.json(calculatedField(id, { name: field.name, locked: body.locked }));
    }),
  );
}

/** A switch per field of a search, as the table's rows show them. */
function SearchedFields() {
  const page = useSearchFields(request).data;
  return (
    <ul>
      {page?.results.map((field) => (
        <li key={field.id}>
          <LockToggle field={field} />
        </li>
      ))}
    </ul>
  );
}

async function renderToggles() {
  const rendered = renderWithProviders(<SearchedFields />, { url: '/fields' });
  await screen.findByRole('switch', { name: 'Lock Revenue' });
  return rendered;
}

const lockSwitch = (name: string) => screen.getByRole('switch', { name: `Lock ${name}` });

test('moves before the server answers, and keeps the state the server confirms', async () => {
  const answer = heldAnswer();
  answerLocks(answer, true);
  const { user, client } = await renderToggles();
  expect(lockSwitch('Revenue')).not.toBeChecked();

  await user.click(lockSwitch('Revenue'));
  await answer.received;
  // The server has not answered: only the optimistic change can have moved it.
  await waitFor(() => expect(lockSwitch('Revenue')).toBeChecked());
  expect(lockRequests).toEqual([{ id: 1, body: { locked: true } }]);

  answer.release();
  await waitFor(() => expect(client.isMutating()).toBe(0));
  expect(lockSwitch('Revenue')).toBeChecked();
  expect(lockSwitch('Margin')).toBeChecked();
  expect(await screen.findByText('Locked “Revenue”')).toBeInTheDocument();
});

test('a refused unlock moves the switch back to locked, and says why', async () => {
  const answer = heldAnswer();
  answerLocks(answer, false);
  const { user } = await renderToggles();
  expect(lockSwitch('Margin')).toBeChecked();

  await user.click(lockSwitch('Margin'));
  await answer.received;
  await waitFor(() => expect(lockSwitch('Margin')).not.toBeChecked());
  // Any refresh after the refusal waits, so only the rollback can move the switch back.
  searchesHeld = heldAnswer();
  answer.release();

  await waitFor(() => expect(lockSwitch('Margin')).toBeChecked());
  const notice = (await screen.findByText('The field was not unlocked')).closest('[role="alert"]');
  expect(notice).toHaveTextContent('“Margin” is still locked. Not yours.');
  searchesHeld.release();
});

test('is unavailable while its change is on its way: another press sends nothing', async () => {
  const answer = heldAnswer();
  answerLocks(answer, true);
  const { user, client } = await renderToggles();

  await user.click(lockSwitch('Revenue'));
  await answer.received;
  await waitFor(() => expect(lockSwitch('Revenue')).toHaveAttribute('aria-disabled', 'true'));
  // Another field's switch stays available.
  expect(lockSwitch('Margin')).not.toHaveAttribute('aria-disabled');

  await user.click(lockSwitch('Revenue'));
  lockSwitch('Revenue').focus();
  await user.keyboard(' ');
  expect(lockSwitch('Revenue')).toBeChecked();
  expect(lockSwitch('Revenue')).toHaveFocus();

  answer.release();
  await waitFor(() => expect(client.isMutating()).toBe(0));
  expect(lockRequests).toEqual([{ id: 1, body: { locked: true } }]);
  expect(lockSwitch('Revenue')).not.toHaveAttribute('aria-disabled');
  expect(lockSwitch('Revenue')).toBeChecked();

  // Available again: the next press unlocks.
  const unlock = heldAnswer();
  answerLocks(unlock, true);
  await user.click(lockSwitch('Revenue'));
  await unlock.received;
  await waitFor(() => expect(lockSwitch('Revenue')).not.toBeChecked());
  unlock.release();
  await waitFor(() => expect(client.isMutating()).toBe(0));
  expect(lockRequests.at(-1)).toEqual({ id: 1, body: { locked: false } });
});
