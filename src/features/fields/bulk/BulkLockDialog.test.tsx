import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Profiler } from 'react';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../../api/session';
import { APP_CONFIG_PATH } from '../../../contract/paths';
import { calculatedField, heldAnswer, setupMockApi } from '../../../api/test-support/mock-api';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { BulkLockDialog } from './BulkLockDialog';
import { MAX_LOCKS_IN_FLIGHT } from './lock-concurrency';

// An instance without the bulk operation (it answers 405): one PUT per field, as these tests count.
const server = setupMockApi(
  http.get(APP_CONFIG_PATH, () =>
    HttpResponse.json({ mode: 'proxy', tokenHeldByServer: false, demo: false }),
  ),
  http.post('/api/query/v1/functions/bulk/template', () =>
    HttpResponse.json(
      { status: 405, statusReason: 'Method Not Allowed', message: 'no', path: '' },
      { status: 405 },
    ),
  ),
);
const ids = Array.from({ length: 10 }, (_, index) => index + 1);
const plan = {
  locked: true,
  changes: ids.map((id) => ({ id, name: `Field ${id}`, locked: false })),
  unchanged: 0,
};
const storageKey = 'cfm.bulk-lock.requests-at-once.v1';

/** Answers locks a moment later, counting how many were in flight at once. */
function countLocksInFlight() {
  let inFlight = 0;
  let sent = 0;
  let mostAtOnce = 0;
  server.use(
    http.put('/api/query/v1/functions/template/:id', async ({ params }) => {
      sent += 1;
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return HttpResponse.json(calculatedField(Number(params.id), { locked: true }));
    }),
  );
  return { sent: () => sent, mostAtOnce: () => mostAtOnce };
}

const requestsAtOnce = () => screen.getByRole('textbox', { name: 'Requests at a time' });
/** How many requests run at once is under Advanced: most never change it. */
async function openAdvanced(user: { click: (element: Element) => Promise<void> }) {
  expect(screen.queryByRole('textbox', { name: 'Requests at a time' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Advanced' }));
}

beforeEach(() => startSession('token-for-tests', false));

test('the admin chooses how many requests run at once, and the choice is kept for the next run', async () => {
  const locks = countLocksInFlight();
  const { user } = renderWithProviders(
    <BulkLockDialog plan={plan} onClose={() => {}} onFieldsDone={() => {}} />,
  );
  await openAdvanced(user);
  expect(requestsAtOnce()).toHaveValue(String(MAX_LOCKS_IN_FLIGHT));
  await user.clear(requestsAtOnce());
  await user.type(requestsAtOnce(), '3');
  await user.click(screen.getByRole('button', { name: 'Lock 10 fields' }));

  await waitFor(() => expect(locks.sent()).toBe(10));
  await screen.findByText('10 fields locked.');
  expect(locks.mostAtOnce()).toBe(3);
  expect(localStorage.getItem(storageKey)).toBe('3');
});

test('a number outside 1 to 32 is refused with a reason and nothing is sent; an unusable stored value gives the default', async () => {
  localStorage.setItem(storageKey, 'many');
  const locks = countLocksInFlight();
  const { user } = renderWithProviders(
    <BulkLockDialog plan={plan} onClose={() => {}} onFieldsDone={() => {}} />,
  );
  await openAdvanced(user);
  expect(requestsAtOnce()).toHaveValue(String(MAX_LOCKS_IN_FLIGHT));
  await user.clear(requestsAtOnce());
  await user.type(requestsAtOnce(), '0');
  expect(await screen.findByText('A whole number from 1 to 32')).toBeVisible();
  const lock = screen.getByRole('button', { name: 'Lock 10 fields' });
  expect(lock).toBeDisabled();
  await user.click(lock);
  expect(locks.sent()).toBe(0);
  expect(localStorage.getItem(storageKey)).toBe('many');
});

test('locks settling one after another are drawn together, not once per request, on a bar that does not move by itself', async () => {
  const answers = ids.map(() => heldAnswer());
  server.use(
    http.put('/api/query/v1/functions/template/:id', async ({ params }) => {
      const id = Number(params.id);
      await answers[id - 1]!.hold();
      return HttpResponse.json(calculatedField(id, { locked: true }));
    }),
  );
  let drawn = 0;
  const { user } = renderWithProviders(
    <Profiler id="bulk-lock" onRender={() => (drawn += 1)}>
      <BulkLockDialog plan={plan} onClose={() => {}} onFieldsDone={() => {}} />
    </Profiler>,
  );
  await openAdvanced(user);
  await user.clear(requestsAtOnce());
  await user.type(requestsAtOnce(), '10');
  await user.click(screen.getByRole('button', { name: 'Lock 10 fields' }));
  await Promise.all(answers.map((answer) => answer.received));
  // Nothing on the bar moves by itself while it runs: each frame drawn costs the run.
  const bar = screen.getByRole('progressbar', { name: 'Locking progress' });
  expect(bar.style.getPropertyValue('--progress-transition-duration')).toBe('0ms');
  expect(bar.querySelector('[data-animated], [data-striped]')).toBeNull();
  drawn = 0;

  // Each answer in its own task, as a server's answers arrive.
  for (const answer of answers) {
    answer.release();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await screen.findByText('10 fields locked.');
  // Drawn once per settled request before, ten times or more.
  expect(drawn).toBeLessThanOrEqual(5);
});
