import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { setupMockApi } from '../../api/test-support/mock-api';
import { editorMe } from '../../api/test-support/mock-journal';
import type { ChangeSetRequest } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { RemapPanel } from './RemapPanel';

const SOURCE = 'source-1';
/** A skipped item's line: the field's name (set apart in its own element), then why. */
const skipped = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'LI' && element.textContent === text;
const impact = {
  dataSource: 'Sales Orders',
  column: 'Revenue',
  direct: [
    { id: 1, name: 'Revenue Total' },
    { id: 2, name: 'Locked Revenue' },
  ],
  transitive: [{ id: 3, name: 'Revenue Share' }],
  cards: [{ id: 'dr:1:1', title: 'Revenue by Region' }],
  columns: ['Cost', 'Region'],
};
const preview: WorkflowPreview = {
  kind: 'remap',
  summary: '`Revenue` -> `Cost` on Sales Orders: 2 fields',
  items: [
    {
      id: 1,
      name: 'Revenue Total',
      action: 'change',
      before: 'SUM(`Revenue`)',
      after: 'SUM(`Cost`)',
      removed: [{ start: 4, end: 13 }],
      added: [{ start: 4, end: 10 }],
      problems: ['the data source has no column `Cost`'],
      status: 'INVALID',
      wasInvalid: false,
    },
    { id: 2, name: 'Locked Revenue', action: 'skip', reason: 'locked: unlock it first' },
  ],
  changes: [{ id: 1, change: { update: { expression: 'SUM(`Cost`)' } } }],
  counts: { change: 1, skip: 1, invalid: 1 },
};
const summary = (state: string, applied: number) => ({
  id: 41,
  kind: 'remap',
  note: null,
  person: 'test',
  createdAt: 1,
  finishedAt: state === 'running' ? null : 2,
  state,
  counts: { total: 1, pending: 1 - applied, applied, failed: 0, skipped: 0, unknown: 0 },
  undoOf: null,
  undoneBy: null,
});

const posted: { remap?: unknown; changeSet?: ChangeSetRequest } = {};
const server = setupMockApi(
  editorMe,
  http.post(workflowPaths.columnImpact, () => HttpResponse.json(impact)),
  http.post(workflowPaths.remap, async ({ request }) => {
    posted.remap = await request.json();
    return HttpResponse.json(preview);
  }),
  http.post(journalPaths.changeSets, async ({ request }) => {
    posted.changeSet = (await request.json()) as ChangeSetRequest;
    return HttpResponse.json(summary('running', 0), { status: 202 });
  }),
  http.get(journalPaths.summary(41), () => HttpResponse.json(summary('done', 1))),
  http.get(journalPaths.changeSet(41), () =>
    HttpResponse.json({ changeSet: summary('done', 1), items: [] }),
  ),
);

beforeEach(() => startSession('token-for-tests', false));

test('the column impact by name, a remap previewed with its diff, the INVALID and skipped ones shown, then applied as one change set', async () => {
  const { user } = renderWithProviders(<RemapPanel dataSourceId={SOURCE} column="Revenue" />);
  expect(await screen.findByText('Fields that use it: 2')).toBeVisible();
  expect(screen.getByRole('region', { name: 'Cards' })).toHaveTextContent('Revenue by Region');
  expect(screen.getByRole('region', { name: 'Fields that depend on those' })).toHaveTextContent(
    'Revenue Share',
  );

  await user.selectOptions(screen.getByRole('combobox', { name: 'Replace it with' }), 'Cost');
  await user.click(screen.getByRole('button', { name: 'Preview' }));

  expect(await screen.findByLabelText('removed: `Revenue`')).toBeVisible();
  expect(screen.getByLabelText('added: `Cost`')).toBeVisible();
  expect(posted.remap).toEqual({ dataSourceId: SOURCE, column: 'Revenue', to: 'Cost' });
  expect(screen.getByText('becomes INVALID')).toBeVisible();
  expect(
    within(screen.getByRole('list', { name: 'Problems of Revenue Total' })).getByText(
      'the data source has no column `Cost`',
    ),
  ).toBeVisible();
  expect(
    screen.getByText(skipped('Locked Revenue (field 2): locked: unlock it first')),
  ).toBeVisible();

  // Colours are checked in the browser, landmarks by the page that holds the panel;
  // here the names, roles and structure of the panel.
  const audit = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(audit.violations.map((violation) => violation.id)).toEqual([]);

  await user.click(screen.getByRole('checkbox', { name: 'Also save the 1 that would be INVALID' }));
  await user.click(screen.getByRole('button', { name: 'Apply 1 change' }));
  expect(await screen.findByText('1 field changed.')).toBeVisible();
  expect(screen.getByRole('button', { name: 'Undo…' })).toBeVisible();
  expect(posted.changeSet).toEqual({
    kind: 'remap',
    items: preview.changes,
    allowInvalid: true,
  });
});

test('an impact that could not be read says why, and Retry asks again', async () => {
  let asked = 0;
  server.use(
    http.post(workflowPaths.columnImpact, () => {
      asked += 1;
      return asked === 1
        ? HttpResponse.json({ status: 404, message: 'no scan has completed yet' }, { status: 404 })
        : HttpResponse.json(impact);
    }),
  );
  const { user } = renderWithProviders(<RemapPanel dataSourceId={SOURCE} column="Revenue" />);
  expect(await screen.findByText('No scan has completed yet.')).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('Fields that use it: 2')).toBeVisible();
});

test('where the instance does not list the columns, the new column is typed in', async () => {
  server.use(
    http.post(workflowPaths.columnImpact, () => HttpResponse.json({ ...impact, columns: [] })),
  );
  const { user } = renderWithProviders(<RemapPanel dataSourceId={SOURCE} column="Revenue" />);
  const to = await screen.findByRole('textbox', { name: 'Replace it with' });
  expect(screen.getByRole('button', { name: 'Preview' })).toBeDisabled();
  await user.type(to, 'Net Revenue');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText(skipped('Locked Revenue (field 2): locked: unlock it first'));
  expect(posted.remap).toEqual({ dataSourceId: SOURCE, column: 'Revenue', to: 'Net Revenue' });
});
