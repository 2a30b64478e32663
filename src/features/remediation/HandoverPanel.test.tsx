import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { calculatedField, setupMockApi } from '../../api/test-support/mock-api';
import { editorMe } from '../../api/test-support/mock-journal';
import type { ChangeSetRequest } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { namePaths } from '../../contract/names';
import { apiPaths } from '../../contract/paths';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { HandoverPanel } from './HandoverPanel';

const toOnePerson: WorkflowPreview = {
  kind: 'handover',
  summary: '1 fields owned by Ada Lovelace',
  items: [
    {
      id: 1,
      name: 'Revenue Total',
      action: 'change',
      to: 'Grace Hopper',
      rule: 'the person chosen',
      place: 'Sales Orders',
    },
  ],
  changes: [{ id: 1, change: { update: { owner: 102 } } }],
  counts: { change: 1, skip: 0, invalid: 0 },
};
const byPlace: WorkflowPreview = {
  kind: 'handover',
  summary: '4 fields owned by Ada Lovelace',
  items: [
    {
      id: 1,
      name: 'Revenue Total',
      action: 'change',
      to: 'Grace Hopper',
      rule: "the data source's owner",
      place: 'Sales Orders',
    },
    {
      id: 2,
      name: 'Card Margin',
      action: 'change',
      to: 'Margaret Hamilton',
      rule: "the card's owner",
      place: 'Revenue by Region',
    },
    {
      id: 3,
      name: 'Ticket Count',
      action: 'skip',
      reason: 'cannot be routed: the owner of Support Tickets, Linus Torvalds, is inactive too',
      place: 'Support Tickets',
    },
    {
      id: 6,
      // Two fields of one name: each row says which by its id.
      name: 'Ticket Count',
      action: 'skip',
      reason: 'cannot be routed: it is saved on no data source or card',
    },
  ],
  changes: [
    { id: 1, change: { update: { owner: 102 } } },
    { id: 2, change: { update: { owner: 104 } } },
  ],
  counts: { change: 2, skip: 2, invalid: 0 },
};

const summary = (state: string, applied: number) => ({
  id: 41,
  kind: 'handover',
  note: null,
  person: 'test',
  createdAt: 1,
  finishedAt: state === 'running' ? null : 2,
  state,
  counts: { total: 1, pending: 1 - applied, applied, failed: 0, skipped: 0, unknown: 0 },
  undoOf: null,
  undoneBy: null,
});

const bodies: unknown[] = [];
const posted: { changeSet?: ChangeSetRequest } = {};
const server = setupMockApi(
  editorMe,
  http.get(apiPaths.directory, () =>
    HttpResponse.json({
      owners: [
        { id: 101, name: 'Ada Lovelace' },
        { id: 102, name: 'Grace Hopper' },
        { id: 103, name: 'Linus Torvalds', active: false },
      ],
      dataSources: [],
      cards: [],
      totalHits: 3,
      hasMore: false,
    }),
  ),
  http.post(workflowPaths.handover, async ({ request }) => {
    const body = (await request.json()) as { to?: number };
    bodies.push(body);
    return HttpResponse.json(body.to === undefined ? byPlace : toOnePerson);
  }),
  http.post(journalPaths.changeSets, async ({ request }) => {
    posted.changeSet = (await request.json()) as ChangeSetRequest;
    return HttpResponse.json(summary('running', 0), { status: 202 });
  }),
  http.get(journalPaths.summary(41), () => HttpResponse.json(summary('done', 1))),
  http.get(journalPaths.changeSet(41), () =>
    HttpResponse.json({
      changeSet: summary('done', 1),
      // As the journal records it: the field read back from the instance once sent.
      items: [
        {
          fieldId: 1,
          fieldName: 'Revenue Total',
          state: 'applied',
          reason: null,
          error: null,
          change: { update: { owner: 102 } },
          before: calculatedField(1, { owner: 101 }),
          after: calculatedField(1, { owner: 102 }),
        },
      ],
    }),
  ),
);

beforeEach(() => {
  bodies.length = 0;
  startSession('token-for-tests', false);
});

const cellsOf = (row: HTMLElement) =>
  [...(row as HTMLTableRowElement).cells].map((cell) => cell.textContent);

test('hand-over to a person picked by name, the plan by name with its rule, exportable', async () => {
  const { user } = renderWithProviders(<HandoverPanel from={101} fromName="Ada Lovelace" />);
  await user.click(screen.getByRole('combobox', { name: /^To/ }));
  expect(await screen.findByRole('option', { name: 'Grace Hopper' })).toBeTruthy();
  expect(screen.queryByRole('option', { name: 'Ada Lovelace' })).toBeNull();
  // Someone who has left is shown as such and cannot be chosen.
  const left = screen.getByRole('option', { name: 'Linus Torvalds (inactive)' });
  expect(left).toHaveAttribute('aria-disabled', 'true');
  await user.click(screen.getByRole('option', { name: 'Grace Hopper' }));
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const row = await screen.findByRole('row', { name: /Revenue Total/ });
  expect(cellsOf(row)).toEqual([
    '',
    'Revenue Total',
    'Sales Orders',
    'Grace Hopper',
    'the person chosen',
  ]);
  expect(bodies).toEqual([{ from: 101, to: 102 }]);
  expect(screen.getByRole('button', { name: 'Export the plan as CSV' })).toBeVisible();
});

// Through a proxy in front of production there is no directory (a 404): the picker
// offered nothing, so no one could be chosen to hand over to.
test('without a directory, as in front of a real instance, the person is picked by the id typed', async () => {
  server.use(
    http.get(apiPaths.directory, () =>
      HttpResponse.json({ status: 404, message: 'nothing is at GET' }, { status: 404 }),
    ),
    // Production's users endpoint, which names the table's owners too.
    http.get(namePaths.users, () =>
      HttpResponse.json([{ id: 102, displayName: 'Grace Hopper', detail: { active: true } }]),
    ),
  );
  const { user } = renderWithProviders(<HandoverPanel from={101} fromName="Ada Lovelace" />);
  const to = screen.getByRole('combobox', { name: /^To/ });
  await user.click(to);
  expect(await screen.findByText(/lists no owners by name: type the owner's id/)).toBeVisible();
  await user.type(to, '102');
  await user.click(await screen.findByRole('option', { name: 'Grace Hopper (owner 102)' }));
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByRole('row', { name: /Revenue Total/ });
  expect(bodies.at(-1)).toEqual({ from: 101, to: 102 });
});

test('the plan by place: a row a field, where it lives, to whom by which rule or why not; one left out of the change set', async () => {
  const { user } = renderWithProviders(<HandoverPanel from={101} fromName="Ada Lovelace" />);
  await user.click(
    screen.getByRole('radio', { name: 'Each to the owner of its data source or card' }),
  );
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  const table = await screen.findByRole('table', { name: 'Hand-over plan' });
  await waitFor(() => expect(bodies).toEqual([{ from: 101 }]));
  expect(screen.getByRole('status')).toHaveTextContent(
    '4 fields owned by Ada Lovelace: 2 to hand over, 2 not.',
  );
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map(cellsOf)).toEqual([
    ['', 'Revenue Total', 'Sales Orders', 'Grace Hopper', "the data source's owner"],
    ['', 'Card Margin', 'Revenue by Region', 'Margaret Hamilton', "the card's owner"],
    [
      '',
      'Ticket Count (field 3)',
      'Support Tickets',
      '—',
      'cannot be routed: the owner of Support Tickets, Linus Torvalds, is inactive too',
    ],
    [
      '',
      'Ticket Count (field 6)',
      '—',
      '—',
      'cannot be routed: it is saved on no data source or card',
    ],
  ]);
  // Only a field that can be handed over can be left out.
  expect(within(rows[2]!).queryByRole('checkbox')).toBeNull();

  const audit = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);

  await user.click(screen.getByRole('checkbox', { name: 'Hand over Card Margin' }));
  await user.click(screen.getByRole('button', { name: 'Apply 1 change' }));
  expect(await screen.findByText('1 field changed.')).toBeVisible();
  expect(posted.changeSet).toEqual({ kind: 'handover', items: [byPlace.changes[0]] });
  // Read once the set's items are, which may be a moment after its counts.
  expect(
    await screen.findByText(
      'Read again from the instance: 1 of 1 fields now have the planned owner.',
    ),
  ).toBeVisible();
});
