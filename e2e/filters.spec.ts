import type { Locator } from '@playwright/test';
import type { SearchFilter } from '../src/contract/search';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, keepScreenshot } from './support/accessibility';
import { dataCells, FieldsPage } from './support/fields-page';
import { goInApp } from './support/in-app-navigation';
import { desktop } from './support/screenshots';

interface FlagFilterCase {
  control: (panel: Locator) => Locator;
  chip: string;
  url: RegExp;
  sent: SearchFilter;
  /** What every row shown must have. */
  everyRow: (row: Locator) => Promise<void>;
}

const nameCell = (row: Locator) => dataCells(row).nth(0);

/**
 * Two flags, a choice and a checkbox, from the menu to the server and back to the
 * rows. Each flag's address and chip: FilterMenu.test.tsx; its API filter:
 * table-search.test.ts; the rows the service answers for it: search.test.ts; the
 * marks each row shows: flag-cells.test.tsx.
 */
const flagFilters: Record<string, FlagFilterCase> = {
  locked: {
    control: (panel) =>
      panel.getByRole('radiogroup', { name: 'Lock' }).getByText('Locked', { exact: true }),
    chip: 'Locked',
    url: /[?&]locked=true/,
    sent: { field: 'locked' },
    everyRow: async (row) => {
      await expect(row.getByRole('switch')).toBeChecked();
      await expect(nameCell(row).getByRole('img', { name: 'Locked' })).toBeVisible();
    },
  },
  'broken links': {
    control: (panel) => panel.getByLabel('Broken links only'),
    chip: 'Broken links',
    url: /[?&]brokenLinks=true/,
    sent: { field: 'invalidlink' },
    everyRow: async (row) =>
      expect(
        dataCells(row)
          .nth(4)
          .getByRole('img', { name: /links? (is|are) not VALID/ }),
      ).toBeVisible(),
  },
};

async function eachVisibleRow(fieldsPage: FieldsPage, check: (row: Locator) => Promise<void>) {
  const count = await fieldsPage.rows.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) await check(fieldsPage.rows.nth(index));
}

test.describe('filters', () => {
  // One page serves the whole menu: each filter is chosen, checked, and removed by its chip.
  test('the menu: variables hidden by default and shown on request; a flag and a data source typed by hand are asked of the server, shown as chips and rows; no results says which filters to relax', async ({
    fieldsPage,
    api,
  }) => {
    const first = await fieldsPage.viewAfter(() => fieldsPage.page.goto('/fields'));
    expect(first.filters).toEqual([{ field: 'notvariable' }]);

    for (const [name, filter] of Object.entries(flagFilters)) {
      await test.step(name, async () => {
        const panel = await fieldsPage.openFilters();

        const sent = await fieldsPage.viewAfter(() => filter.control(panel).click());

        expect(sent.filters).toContainEqual(filter.sent);
        expect(sent.offset).toBe(0);
        await expect(fieldsPage.page).toHaveURL(filter.url);
        await fieldsPage.page.keyboard.press('Escape');
        const chip = fieldsPage.chips.getByRole('button', {
          name: `Remove filter: ${filter.chip}`,
        });
        await expect(chip).toBeVisible();
        await eachVisibleRow(fieldsPage, filter.everyRow);

        // Back to the first view, which the app may answer from its cache.
        await chip.click();
        await expect(fieldsPage.page).not.toHaveURL(filter.url);
        await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'false');
      });
    }

    await test.step('a data source id typed by hand, named', async () => {
      const linked = await api.search({ filters: [{ field: 'notvariable' }], limit: 50 });
      const dataSource = linked.results
        .flatMap((item) => item.links)
        .find((link) => link.resource.type === 'DATA_SOURCE')!.resource.id;
      const expected = await api.search({
        filters: [{ field: 'notvariable' }, { field: 'dataset', idList: [dataSource] }],
        limit: 1,
      });
      const [source] = (await api.directory({ dataSources: [dataSource] })).dataSources;
      const panel = await fieldsPage.openFilters();

      const input = panel.getByRole('combobox', { name: 'Data sources' });
      await input.fill(dataSource);
      const sent = await fieldsPage.viewAfter(() => input.press('Enter'));

      expect(sent.filters).toContainEqual({ field: 'dataset', idList: [dataSource] });
      await fieldsPage.page.keyboard.press('Escape');
      const chip = fieldsPage.chips.getByRole('button', {
        name: `Remove filter: Data source ${source!.name}`,
      });
      await expect(chip).toBeVisible();
      await expect(
        fieldsPage.page.getByText(`${expected.totalHits.toLocaleString('en-US')} matching`),
      ).toBeVisible();
      await chip.click();
      await expect(fieldsPage.page).toHaveURL(/\/fields$/);
      await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'false');
    });

    await test.step('variables shown on request', async () => {
      const panel = await fieldsPage.openFilters();
      const shown = await fieldsPage.viewAfter(() => panel.getByLabel('Show variables').click());

      expect(shown.filters).toEqual([]);
      await expect(fieldsPage.page).toHaveURL(/[?&]variables=shown/);
      await expect(
        fieldsPage.chips.getByRole('button', { name: 'Remove filter: Variables shown' }),
      ).toBeVisible();
    });

    await test.step('no results says which filters to relax, and relaxing one brings rows back', async () => {
      // The menu of the step before is still open.
      await fieldsPage.page.keyboard.press('Escape');
      await expect(fieldsPage.page.getByRole('dialog')).toBeHidden();
      await goInApp(fieldsPage.page, '/fields?q=zz-no-field-has-this-name&locked=true');

      await expect(fieldsPage.noResults).toContainText('No calculated fields match');
      const relax = fieldsPage.noResults.getByRole('button');
      await expect(relax).toHaveText([
        'Name contains “zz-no-field-has-this-name”',
        'Locked',
        'Show variables too',
      ]);

      await relax.first().click();

      await expect(fieldsPage.rows.first()).toBeVisible();
      await expect(fieldsPage.searchBox).toHaveValue('');
      await expect(fieldsPage.page).toHaveURL(/\/fields\?locked=true$/);
    });
  });

  test('an owner picked by name: rows of that owner, named; a chip; the address survives a reload; no axe violations in either scheme', async ({
    fieldsPage,
    api,
  }, testInfo) => {
    // Two axe scans and a reload: on a busy machine more than the usual minute.
    test.slow();
    const [first] = (await api.search({ filters: [{ field: 'notvariable' }], limit: 1 })).results;
    const owner = first!.owner;
    const [named] = (await api.directory({ owners: [owner] })).owners;
    const name = named!.name;
    await fieldsPage.page.setViewportSize(desktop);
    await fieldsPage.goto();
    const panel = await fieldsPage.openFilters();
    // Taller than the room below its button, the menu keeps inside the window and scrolls.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box ? box.y + box.height : Infinity;
      })
      .toBeLessThanOrEqual(desktop.height);
    const ownerInput = panel.getByRole('combobox', { name: 'Owners' });

    await ownerInput.fill(name.split(' ')[0]!.toLowerCase());
    const suggestion = panel.getByRole('option', { name: new RegExp(`^${name}\\s*${owner}$`) });
    await expect(suggestion).toBeVisible();
    await keepScreenshot(fieldsPage.page, testInfo, 'owner-picker-light');
    await fieldsPage.page.emulateMedia({ colorScheme: 'dark' });
    // The menu with its suggestions open; the page behind it is checked by e2e/accessibility.spec.ts.
    await expectNoAxeViolations(fieldsPage.page, undefined, panel);
    await keepScreenshot(fieldsPage.page, testInfo, 'owner-picker-dark');
    await fieldsPage.page.emulateMedia({ colorScheme: 'light' });
    const sent = await fieldsPage.viewAfter(() => suggestion.click());

    expect(sent.filters).toContainEqual({ field: 'owner', idList: [owner] });
    await expect(panel.getByRole('button', { name: `Remove owners ${name}` })).toBeVisible();
    await fieldsPage.page.keyboard.press('Escape');
    const chip = fieldsPage.chips.getByRole('button', { name: `Remove filter: Owner ${name}` });
    await expect(chip).toBeVisible();
    await expect(fieldsPage.page).toHaveURL(new RegExp(`[?&]owner=${owner}(&|$)`));
    await expect.poll(async () => new Set(await fieldsPage.column(2))).toEqual(new Set([name]));
    // The chip naming the owner; the table is checked by e2e/accessibility.spec.ts.
    await expectNoAxeViolations(fieldsPage.page, undefined, fieldsPage.chips);
    await keepScreenshot(fieldsPage.page, testInfo, 'owner-filtered-light');

    await fieldsPage.page.reload();
    await expect(chip).toBeVisible();
    await expect.poll(async () => new Set(await fieldsPage.column(2))).toEqual(new Set([name]));
    await fieldsPage.page.emulateMedia({ colorScheme: 'dark' });
    await keepScreenshot(fieldsPage.page, testInfo, 'owner-filtered-dark');
  });

  test('the whole view is a link: a new tab opens the same rows, back and forward work', async ({
    fieldsPage,
    context,
  }) => {
    // Sorted by creation, which nothing changes: specs running beside this one lock
    // fields, and a lock between the two reads moved a field to the top of a sort by
    // last modified, so the new tab's page 2 started one row later.
    await fieldsPage.goto('?q=count&sort=-created&size=25&archived=false');
    await fieldsPage.viewAfter(() =>
      fieldsPage.page.getByRole('button', { name: 'Next page' }).click(),
    );
    await expect(fieldsPage.range).toHaveText(/^Showing 26–/);
    const names = await fieldsPage.names();

    const sameView = new FieldsPage(await context.newPage());
    await sameView.page.goto(fieldsPage.page.url());
    await expect.poll(() => sameView.names()).toEqual(names);
    await expect(sameView.searchBox).toHaveValue('count');
    await expect(sameView.header('Created')).toHaveAttribute('aria-sort', 'descending');
    await expect(
      sameView.chips.getByRole('button', { name: 'Remove filter: Not archived' }),
    ).toBeVisible();

    await fieldsPage.page.goBack();
    await expect(fieldsPage.range).toHaveText(/^Showing 1–25 of/);
    await fieldsPage.page.goForward();
    await expect(fieldsPage.range).toHaveText(/^Showing 26–50 of/);
  });
});
