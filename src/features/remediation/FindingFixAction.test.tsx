import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import { startSession } from '../../api/session';
import { setupMockApi } from '../../api/test-support/mock-api';
import { brokenReferenceGroupKey, workflowPaths } from '../../contract/workflows';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { FindingFixAction } from './FindingFixAction';

let asked: unknown;
setupMockApi(
  http.post(workflowPaths.columnImpact, async ({ request }) => {
    asked = await request.json();
    return HttpResponse.json({
      dataSource: 'Sales Orders',
      column: 'Profit',
      direct: [{ id: 8, name: 'Profit A' }],
      transitive: [],
      cards: [],
      columns: ['Revenue'],
    });
  }),
);

beforeEach(() => startSession('token-for-tests', false));

test("a broken-references group of a data source's column opens its impact and remap", async () => {
  const key = brokenReferenceGroupKey('DATA_SOURCE', 'source-1', 'Profit');
  const { user } = renderWithProviders(
    <FindingFixAction
      finding="broken-references"
      rule=""
      group={{ key, label: '`Profit` missing' }}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Remap the column' }));
  expect(await screen.findByRole('dialog', { name: '`Profit` missing' })).toBeVisible();
  expect(await screen.findByText('Fields that use it: 1')).toBeVisible();
  expect(asked).toEqual({ dataSourceId: 'source-1', column: 'Profit' });
});

test('a group whose missing column is not known, and a finding with no fix, offer nothing', () => {
  const key = brokenReferenceGroupKey('CARD', 'dr:1:1');
  const { container } = renderWithProviders(
    <>
      <FindingFixAction finding="broken-references" rule="" group={{ key, label: 'x' }} />
      <FindingFixAction finding="invalid" rule="" />
    </>,
  );
  expect(container.querySelector('button')).toBeNull();
});
