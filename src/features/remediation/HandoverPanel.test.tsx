import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { setupMockApi } from '../../api/test-support/mock-api';
import { apiPaths } from '../../contract/paths';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { HandoverPanel } from './HandoverPanel';

const bodies: unknown[] = [];
const plan: WorkflowPreview = {
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
setupMockApi(
  http.get(apiPaths.directory, () =>
    HttpResponse.json({
      owners: [
        { id: 101, name: 'Ada Lovelace' },
        { id: 102, name: 'Grace Hopper' },
      ],
      dataSources: [],
      cards: [],
      totalHits: 2,
      hasMore: false,
    }),
  ),
  http.post(workflowPaths.handover, async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json(plan);
  }),
);

beforeEach(() => startSession('token-for-tests', false));

test('hand-over to a person picked by name, the plan by name with its rule, exportable', async () => {
  const { user } = renderWithProviders(<HandoverPanel from={101} fromName="Ada Lovelace" />);
  const to = screen.getByRole('combobox', { name: 'To' });
  await screen.findByRole('option', { name: 'Grace Hopper' });
  expect(screen.queryByRole('option', { name: 'Ada Lovelace' })).toBeNull();
  await user.selectOptions(to, 'Grace Hopper');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(await screen.findByText('to Grace Hopper')).toBeVisible();
  expect(bodies).toEqual([{ from: 101, to: 102 }]);
  expect(screen.getByRole('button', { name: 'Export the plan as CSV' })).toBeVisible();

  await user.click(
    screen.getByRole('radio', { name: 'Each to the owner of its data source or card' }),
  );
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await waitFor(() => expect(bodies).toHaveLength(2));
  expect(bodies[1]).toEqual({ from: 101 });
});
