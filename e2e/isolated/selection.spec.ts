import { e2eUrl } from '../../playwright.config';
import { expect, test } from '../support/bulk-fixtures';
import { drawnCheckbox } from '../support/drawn-controls';

test.use({ baseURL: e2eUrl('isolated') });

test('selection is by id: it survives sorting and page sizes, and "all matching" spans every page', async ({
  fieldsPage,
  bulk,
  api,
}) => {
  const { totalHits } = await api.search({
    filters: [{ field: 'invalid' }, { field: 'notvariable' }],
    limit: 1,
  });
  await fieldsPage.goto('?invalid=true&size=25');
  const firstId = await bulk.idOfRow(0);
  // A row's checkbox is drawn as Mantine's in the header, unchecked and checked.
  expect(await drawnCheckbox(bulk.rowCheckbox(firstId))).toEqual(
    await drawnCheckbox(bulk.pageCheckbox),
  );
  await bulk.rowCheckbox(firstId).check();
  await expect(bulk.count).toHaveText('1 selected');

  await fieldsPage.viewAfter(() => fieldsPage.sortBy('Name'));
  await expect(fieldsPage.header('Name')).toHaveAttribute('aria-sort', 'descending');
  await expect(bulk.count).toHaveText('1 selected (1 not on this page)');
  await fieldsPage.viewAfter(() =>
    fieldsPage.page.getByLabel('Rows per page').selectOption('5000'),
  );
  await expect(bulk.count).toHaveText('1 selected');
  await fieldsPage.viewAfter(() => fieldsPage.sortBy('Name'));
  await expect(bulk.rowCheckbox(firstId)).toBeChecked();

  // Back to a view already loaded: it comes from the cache, without a search.
  await fieldsPage.page.getByLabel('Rows per page').selectOption('25');
  await expect(fieldsPage.range).toHaveText(/^Showing 1–25 of/);
  await bulk.pageCheckbox.check();
  const firstOnPage = bulk.rowCheckbox(await bulk.idOfRow(0));
  await expect(async () =>
    expect(await drawnCheckbox(firstOnPage)).toEqual(await drawnCheckbox(bulk.pageCheckbox)),
  ).toPass({ timeout: 5_000 });
  const selectAll = bulk.selectAllMatchingButton();
  await expect(selectAll).toHaveText(
    `Select all ${totalHits.toLocaleString('en-US')} fields matching`,
  );
  await selectAll.click();

  await expect(bulk.bar).toContainText(
    `All ${totalHits.toLocaleString('en-US')} fields matching are selected.`,
  );
  await expect(bulk.count).toHaveText(
    `${totalHits.toLocaleString('en-US')} selected (${(totalHits - 25).toLocaleString('en-US')} not on this page)`,
  );

  await fieldsPage.viewAfter(() => fieldsPage.page.getByRole('button', { name: 'Page 2' }).click());
  await expect(bulk.pageCheckbox).toBeChecked();
  await bulk.rowCheckbox(await bulk.idOfRow(0)).uncheck();
  await expect(bulk.pageCheckbox).toHaveJSProperty('indeterminate', true);
  await expect(bulk.bar).not.toContainText('are selected.');

  await bulk.clearButton.click();
  await expect(bulk.count).toHaveText('');
  await expect(bulk.lockButton).toBeHidden();
});
