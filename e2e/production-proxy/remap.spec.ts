import { e2eUrl } from '../../playwright.config';
import type { CalculatedField } from '../../src/contract/field';
import { fixLink } from '../../src/links/fix-link';
import { expectNoAxeViolationsInBothSchemes } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { keepScreenshotsAtBothWidths } from '../support/screenshots';
import type { ServiceApi } from '../support/service-api';

test.use({ baseURL: e2eUrl('productionProxy') });

const columnsOf = (expression: string) =>
  [...expression.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

/**
 * An unlocked, VALID field using a column of its data source, and another column of
 * that data source (one a VALID field on it uses): production lists no columns, so
 * the journey types that one in.
 */
async function remappableColumn(api: ServiceApi) {
  const { results } = await api.search({
    filters: [{ field: 'notlocked' }, { field: 'notvariable' }, { field: 'notarchived' }],
    limit: 100,
  });
  const onSource = (id: string) =>
    results.filter(
      (item) =>
        item.status === 'VALID' &&
        item.links.some((link) => link.resource.type === 'DATA_SOURCE' && link.resource.id === id),
    );
  for (const item of results) {
    const dataSource = item.links.find((link) => link.resource.type === 'DATA_SOURCE')?.resource.id;
    if (!dataSource || item.status !== 'VALID') continue;
    const field: CalculatedField = await api.field(item.id);
    const [column] = columnsOf(field.expression);
    if (!column) continue;
    for (const other of onSource(dataSource)
      .filter((each) => each.id !== item.id)
      .slice(0, 3)) {
      const to = columnsOf((await api.field(other.id)).expression).find(
        (name) => !columnsOf(field.expression).includes(name),
      );
      if (to) return { field, column, dataSource, to };
    }
  }
  throw new Error('no field uses a column of a data source that has another known column');
}

test('through the proxy to a production-shaped instance: a column reference in the drawer opens its impact, the column is remapped to a name typed in, then undone', async ({
  signedInPage: page,
  api,
}, testInfo) => {
  test.slow();
  await api.scanned();
  const { field, column, dataSource, to } = await remappableColumn(api);

  await page.goto(`/fields/${field.id}`);
  const link = page.locator(`a[href="${fixLink({ workflow: 'remap', dataSource, column })}"]`);
  await expect(link).toHaveAccessibleName(new RegExp(`^Impact and remap of .+ on `));
  await link.click();
  await expect(page.getByRole('heading', { name: 'Column impact and remap' })).toBeVisible();
  await expect(page.getByText(/^Fields that use it: [1-9]/)).toBeVisible();

  // Production lists no columns of a data source: the new one is typed in.
  await page.getByRole('textbox', { name: 'Replace it with' }).fill(to);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Changes' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Include ${field.name}` })).toBeChecked();
  await expectNoAxeViolationsInBothSchemes(
    page,
    testInfo,
    'remap-production',
    keepScreenshotsAtBothWidths,
  );

  await page.getByRole('button', { name: /^Apply \d+ changes?$/ }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^[\d,]+ fields? changed[,.]/ }),
  ).toBeVisible();
  const after = (await api.field(field.id)).expression;
  expect(columnsOf(after)).toContain(to);
  expect(columnsOf(after)).not.toContain(column);

  await page.getByRole('button', { name: 'Undo…' }).click();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(
    page.getByText(/^Undone by change set \d+: [\d,]+ fields? changed\.$/),
  ).toBeVisible();
  await expect.poll(async () => (await api.field(field.id)).expression).toBe(field.expression);
});
