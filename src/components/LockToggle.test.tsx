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
import { heldChangeSets, mockJournal } from '../api/test-support/mock-journal';
import { apiPaths } from '../contract/paths';
import type { SearchRequest } from '../contract/search';
import { renderWithProviders } from '../test-support/render-with-providers';
import { LockToggle } from './LockToggle';

const request: SearchRequest = { filters: [], sort: { field: 'name', ascending: true }, limit: 25 };

/** The instance's fields as they are now: Revenue is unlocked, Margin locked. */
let fields: SearchResultItem[] = [];
/** While set, searches wait for the test to let them go. */
let searchesHeld: ReturnType<typeof heldAnswer> | undefined;

const server = setupMockApi();

beforeEach(() => {
  startSession('token-for-tests', false);
  fields = [searchItem(1, { name: 'Revenue' }), searchItem(2, { name: 'Margin', locked: true })];
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

const notYours = { status: 403, statusReason: 'Forbidden', message: 'not yours', path: '' };

/**
 * The journal over `fields`: each lock's change set is answered once the test lets
 * `answer` go, and its item is applied, or refused by the instance with 403.
 */
function answerLocks(answer: ReturnType<typeof heldAnswer>, accept: boolean) {
  const asFields = fields.map(
    (field) =>
      [field.id, calculatedField(field.id, { name: field.name, locked: field.locked })] as const,
  );
  const journal = mockJournal(new Map(asFields), {
    refusalOf: () => (accept ? undefined : notYours),
    onApplied: (id, after) => {
      fields = fields.map((field) =>
        field.id === id && after ? { ...field, locked: after.locked } : field,
      );
    },
  });
  server.use(heldChangeSets(answer), ...journal.handlers);
  return journal;
}

/** Each change set the journal was asked for: its kind and the fields it locks or unlocks. */
const setsAsked = (journal: ReturnType<typeof mockJournal>) =>
  journal.requests.map(({ kind, items }) => ({ kind, ids: items.map((item) => item.id) }));

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
  const journal = answerLocks(answer, true);
  const { user, client } = await renderToggles();
  expect(lockSwitch('Revenue')).not.toBeChecked();

  await user.click(lockSwitch('Revenue'));
  await answer.received;
  // The server has not answered: only the optimistic change can have moved it.
  await waitFor(() => expect(lockSwitch('Revenue')).toBeChecked());

  answer.release();
  await waitFor(() => expect(client.isMutating()).toBe(0));
  expect(setsAsked(journal)).toEqual([{ kind: 'lock', ids: [1] }]);
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
  const journal = answerLocks(answer, true);
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
  expect(setsAsked(journal)).toEqual([{ kind: 'lock', ids: [1] }]);
  expect(lockSwitch('Revenue')).not.toHaveAttribute('aria-disabled');
  expect(lockSwitch('Revenue')).toBeChecked();

  // Available again: the next press unlocks.
  const unlock = heldAnswer();
  const unlocking = answerLocks(unlock, true);
  await user.click(lockSwitch('Revenue'));
  await unlock.received;
  await waitFor(() => expect(lockSwitch('Revenue')).not.toBeChecked());
  unlock.release();
  await waitFor(() => expect(client.isMutating()).toBe(0));
  expect(setsAsked(unlocking)).toEqual([{ kind: 'unlock', ids: [1] }]);
});

test('a field locked meanwhile by someone else stays locked, and the notice says so', async () => {
  const answer = heldAnswer();
  const journalFields = new Map([[1, calculatedField(1, { name: 'Revenue' })]]);
  server.use(heldChangeSets(answer), ...mockJournal(journalFields).handlers);
  const { user } = await renderToggles();

  await user.click(lockSwitch('Revenue'));
  await answer.received;
  // Someone else locks it before the set is planned: the journal skips it as no change.
  journalFields.set(1, calculatedField(1, { name: 'Revenue', locked: true }));
  answer.release();

  const notice = (await screen.findByText('The field was not locked')).closest('[role="alert"]');
  expect(notice).toHaveTextContent('“Revenue” is locked already.');
  expect(lockSwitch('Revenue')).toBeChecked();
});
