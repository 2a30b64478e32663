import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { startSession } from '../../../api/session';
import { calculatedField, searchItem, setupMockApi } from '../../../api/test-support/mock-api';
import { nameHandlers } from '../../../api/test-support/mock-names';
import type * as DownloadFileModule from '../../../components/download-file';
import type { DownloadableFile } from '../../../components/download-file';
import { AUDIT_BASE, findingTitles } from '../../../contract/audit';
import { apiPaths } from '../../../contract/paths';
import { renderWithProviders } from '../../../test-support/render-with-providers';
import { ExportMenu } from './ExportMenu';

const saved: DownloadableFile[] = [];
vi.mock('../../../components/download-file', async (importOriginal) => ({
  ...(await importOriginal<typeof DownloadFileModule>()),
  downloadFile: (file: DownloadableFile) => saved.push(file),
}));

const onSales = {
  resource: { type: 'DATA_SOURCE', id: 'sales' },
  visible: true,
  active: true,
  valid: 'VALID',
};
const fields = new Map([
  [11, calculatedField(11, { name: 'Zeta', owner: 5, expression: 'SUM(`A`)', links: [onSales] })],
  [12, calculatedField(12, { name: 'Alpha', owner: 5, expression: '`A` * 2', links: [onSales] })],
]);

/** The bodies of every batch of findings asked for. */
const findingsAsked: unknown[] = [];

const server = setupMockApi(
  http.post(`${AUDIT_BASE}/fields/findings`, async ({ request }) => {
    const body = (await request.json()) as { ids: number[] };
    findingsAsked.push(body);
    return HttpResponse.json({
      scanId: 3,
      scanFinished: Date.now(),
      version: 1,
      fields: body.ids.map((fieldId) => ({
        fieldId,
        seen: true,
        findings:
          fieldId === 11 ? [{ key: 'unused' }, { key: 'lint', note: 'null-comparison' }] : [],
      })),
    });
  }),
  http.get(apiPaths.readField(':id').split('?')[0]!, ({ params }) => {
    const field = fields.get(Number(params.id));
    return field ? HttpResponse.json(field) : new HttpResponse(null, { status: 404 });
  }),
  ...nameHandlers({
    owners: [{ id: 5, name: 'Ada Lovelace' }],
    dataSources: [{ id: 'sales', name: 'Sales' }],
  }),
);

beforeEach(() => {
  saved.length = 0;
  findingsAsked.length = 0;
  startSession('token-for-tests', false);
});

test('"Export selected" writes the selected fields in the table order, with expression, owner, data source by name and findings', async () => {
  // A search that must not be asked: only the selected fields are read.
  server.use(http.post(apiPaths.search, () => HttpResponse.error()));
  const { user } = renderWithProviders(
    <ExportMenu
      search={{ filters: [] }}
      sort={{ column: 'name', descending: false }}
      totalHits={500}
      selectedIds={[11, 12]}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Export' }));
  expect(screen.getByText('Export all 500 fields matching')).toBeInTheDocument();
  await user.click(screen.getByRole('menuitem', { name: 'CSV of the 2 fields selected' }));

  await waitFor(() => expect(saved).toHaveLength(1));
  const [header, ...rows] = saved[0]!.content.slice(1).trimEnd().split('\r\n');
  const column = (name: string) => header!.split(',').indexOf(name);
  const cells = rows.map((row) => row.split(','));
  expect(cells.map((row) => row[column('Name')])).toEqual(['Alpha', 'Zeta']);
  expect(cells.map((row) => row[column('Expression')])).toEqual(['`A` * 2', 'SUM(`A`)']);
  expect(cells.map((row) => row[column('Owner')])).toEqual(['Ada Lovelace', 'Ada Lovelace']);
  expect(cells.map((row) => row[column('Data sources')])).toEqual(['Sales', 'Sales']);
  // The findings' titles of the latest scan with their notes, asked for once for all the fields.
  expect(
    rows.map((row) =>
      row.includes(`"${findingTitles.unused}; ${findingTitles.lint}: null-comparison"`),
    ),
  ).toEqual([false, true]);
  expect(cells[0]![column('Findings')]).toBe('');
  expect(findingsAsked).toEqual([{ ids: [12, 11] }]);
});

test('an export of every field of an audit finding is named after the finding; a selection from it is not', async () => {
  server.use(
    http.post(`${AUDIT_BASE}/findings/unused/fields`, () =>
      HttpResponse.json({
        totalHits: 2,
        hasMore: false,
        degraded: false,
        results: [searchItem(11), searchItem(12)],
        notes: {},
      }),
    ),
  );
  const { user } = renderWithProviders(
    <ExportMenu
      search={{ filters: [], scope: { key: 'unused' } }}
      sort={{ column: 'name', descending: false }}
      totalHits={2}
      selectedIds={[11]}
    />,
  );
  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(screen.getByRole('menuitem', { name: 'JSON' }));
  await waitFor(() => expect(saved).toHaveLength(1));
  expect(saved[0]!.name).toMatch(/^calculated-fields-unused-\d{4}-\d\d-\d\d\.json$/);

  await user.click(screen.getByRole('button', { name: 'Export' }));
  await user.click(screen.getByRole('menuitem', { name: 'CSV of the 1 field selected' }));
  await waitFor(() => expect(saved).toHaveLength(2));
  expect(saved[1]!.name).toMatch(/^calculated-fields-\d{4}-\d\d-\d\d\.csv$/);
});
