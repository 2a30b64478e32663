import type { Page } from '@playwright/test';
import { apiPaths } from '../src/contract/paths';
import type { SearchRequest, SearchResponse } from '../src/contract/search';
import type { Statistics } from '../src/contract/statistics';
import { AuditPage, isSearch, parseCount, readStatistics } from './support/audit-page';
import { FieldsPage } from './support/fields-page';
import { expect, test as base } from './support/fixtures';
import { expectNoAxeViolations } from './support/accessibility';

const test = base.extend<{ auditPage: AuditPage }>({
  auditPage: async ({ signedInPage }, use) => use(new AuditPage(signedInPage)),
});

/** Numbers no other spec changes; `locked` moves while lock specs run in parallel. */
const steadyStatistics = [
  'total',
  'invalid',
  'invalidLink',
  'archived',
  'onDatasets',
  'onCards',
  'inVisualizations',
] as const;

/** Where each number leads: the table's address and the chips it shows. */
const drillDowns: Record<keyof Statistics, { search: string; chips: string[] }> = {
  total: { search: 'variables=shown', chips: ['Variables shown'] },
  locked: { search: 'locked=true&variables=shown', chips: ['Locked', 'Variables shown'] },
  invalid: { search: 'invalid=true&variables=shown', chips: ['Invalid status', 'Variables shown'] },
  invalidLink: {
    search: 'brokenLinks=true&variables=shown',
    chips: ['Broken links', 'Variables shown'],
  },
  archived: { search: 'archived=true&variables=shown', chips: ['Archived', 'Variables shown'] },
  onDatasets: {
    search: 'variables=shown&onDataSource=true',
    chips: ['Variables shown', 'On a data source'],
  },
  onCards: {
    search: 'variables=shown&onDataSource=false',
    chips: ['Variables shown', 'Saved on a card'],
  },
  inVisualizations: {
    search: 'variables=shown&inVisualization=true',
    chips: ['Variables shown', 'In a visualization'],
  },
};

function fieldsAddress(search: string) {
  return new RegExp(`/fields\\?${search.replaceAll('?', '\\?')}$`);
}

/** The table's "N matching", once its answer arrived. */
async function matching(fieldsPage: FieldsPage): Promise<number> {
  const total = fieldsPage.page.getByText(/^[\d,]+ matching$/);
  await expect(total).toBeVisible();
  return parseCount(await total.innerText());
}

async function expectChips(fieldsPage: FieldsPage, chips: string[]) {
  await expect(fieldsPage.chips.getByRole('button')).toHaveText([...chips, 'Clear all']);
}

/** The search answered with every field on one page, but claiming there are `total`. */
async function firstOfManyPages(page: Page, total: number) {
  let firstAnswered = false;
  await page.route('**/functions/search', async (route) => {
    if (firstAnswered) return; // Held: the gathering waits here until it is cancelled.
    firstAnswered = true;
    const response = await route.fetch();
    const body = (await response.json()) as SearchResponse;
    await route.fulfill({ response, json: { ...body, totalHits: total, hasMore: true } });
  });
}

test.describe('audit page', () => {
  test('the numbers and the donuts are the API’s statistics', async ({ auditPage, request }) => {
    await auditPage.goto();
    const api = await readStatistics(request);

    for (const statistic of steadyStatistics) {
      expect(await auditPage.number(statistic), statistic).toBe(api[statistic]);
    }
    // Lock specs run meanwhile: compare with a read taken right after the page refreshed.
    await expect
      .poll(async () => {
        await Promise.all([
          auditPage.page.waitForResponse((response) =>
            response.url().endsWith(apiPaths.statistics),
          ),
          auditPage.refresh.click(),
        ]);
        await expect(auditPage.numbers).toHaveAttribute('aria-busy', 'false');
        const shown = await auditPage.number('locked');
        return shown - (await readStatistics(request)).locked;
      })
      .toBe(0);

    const locked = await auditPage.number('locked');
    await expect(auditPage.chartTable('Locked and unlocked').locator('tbody tr')).toHaveText([
      new RegExp(`^Locked${locked.toLocaleString('en-US')}`),
      new RegExp(`^Unlocked${(api.total - locked).toLocaleString('en-US')}`),
    ]);
    await expect(auditPage.chartTable('Valid and invalid').locator('tbody tr')).toHaveText([
      new RegExp(`^Valid${(api.total - api.invalid).toLocaleString('en-US')}`),
      new RegExp(`^Invalid${api.invalid.toLocaleString('en-US')}`),
    ]);
  });

  test('each number opens the table filtered to the fields it counts', async ({
    auditPage,
    api,
  }) => {
    const fieldsPage = new FieldsPage(auditPage.page);
    await auditPage.goto();

    for (const statistic of steadyStatistics) {
      const shown = await auditPage.number(statistic);
      await auditPage.numberLink(statistic).click();

      await expect(auditPage.page).toHaveURL(fieldsAddress(drillDowns[statistic].search));
      await expectChips(fieldsPage, drillDowns[statistic].chips);
      expect(await matching(fieldsPage), statistic).toBe(shown);
      await auditPage.page.goBack();
    }

    await auditPage.numberLink('locked').click();
    await expect(auditPage.page).toHaveURL(fieldsAddress(drillDowns.locked.search));
    await expectChips(fieldsPage, drillDowns.locked.chips);
    // Locks change meanwhile: the table and a search made right after it agree.
    await expect
      .poll(async () => {
        await auditPage.page.reload();
        const shown = await matching(fieldsPage);
        const counted = await api.search({ filters: [{ field: 'locked' }], limit: 1 });
        return shown - counted.totalHits;
      })
      .toBe(0);
  });

  test('a donut slice, a bar, and the same row of the chart’s table open the filtered table', async ({
    auditPage,
  }) => {
    const { page } = auditPage;
    const fieldsPage = new FieldsPage(page);
    await auditPage.goto();
    await auditPage.chartsReady();
    const total = await auditPage.number('total');
    const invalid = await auditPage.number('invalid');

    await auditPage.slice('Valid and invalid', 'Invalid').click();
    await expect(page).toHaveURL(fieldsAddress('invalid=true&variables=shown'));
    expect(await matching(fieldsPage)).toBe(invalid);
    await page.goBack();

    await auditPage
      .chartTable('Valid and invalid')
      .getByRole('link', { name: 'Valid', exact: true })
      .click();
    await expect(page).toHaveURL(fieldsAddress('variables=shown&status=VALID'));
    await expectChips(fieldsPage, ['Variables shown', 'Status VALID']);
    expect(await matching(fieldsPage)).toBe(total - invalid);
    await page.goBack();

    await auditPage.slice('Locked and unlocked', 'Unlocked').click({ position: { x: 4, y: 75 } });
    await expect(page).toHaveURL(fieldsAddress('locked=false&variables=shown'));
    await expectChips(fieldsPage, ['Unlocked', 'Variables shown']);
    await page.goBack();

    const owners = 'Top owners by invalid or broken-link fields';
    const firstOwner = auditPage.chartTable(owners).locator('tbody tr').first();
    const owner = (await firstOwner.locator('th').innerText()).trim();
    const ownerCells = firstOwner.locator('td');
    const ownerInvalid = parseCount(await ownerCells.nth(0).innerText());
    const ownerBroken = parseCount(await ownerCells.nth(1).innerText());

    await auditPage.bars(owners, 'brokenLinks').first().click();
    await expect(page).toHaveURL(fieldsAddress(`brokenLinks=true&variables=shown&owner=${owner}`));
    await expectChips(fieldsPage, ['Broken links', 'Variables shown', `Owner ${owner}`]);
    expect(await matching(fieldsPage)).toBe(ownerBroken);
    await page.goBack();

    if (ownerInvalid > 0) {
      await ownerCells.nth(0).getByRole('link').click();
      await expect(page).toHaveURL(fieldsAddress(`invalid=true&variables=shown&owner=${owner}`));
      expect(await matching(fieldsPage)).toBe(ownerInvalid);
      await page.goBack();
      await auditPage.bars(owners, 'invalid').first().click();
      await expect(page).toHaveURL(fieldsAddress(`invalid=true&variables=shown&owner=${owner}`));
      await page.goBack();
    }

    const dataSources = 'Top data sources by broken links';
    const firstSource = auditPage.chartTable(dataSources).locator('tbody tr').first();
    const dataSource = (await firstSource.locator('th').innerText()).trim();
    const sourceCount = parseCount(await firstSource.locator('td').innerText());

    await auditPage.bars(dataSources, 'fieldsWithBrokenLinks').first().click();
    await expect(page).toHaveURL(
      fieldsAddress(`brokenLinks=true&variables=shown&dataSource=${dataSource}`),
    );
    await expectChips(fieldsPage, ['Broken links', 'Variables shown', `Data source ${dataSource}`]);
    expect(await matching(fieldsPage)).toBe(sourceCount);
    await page.goBack();

    await firstSource.getByRole('link').click();
    await expect(page).toHaveURL(
      fieldsAddress(`brokenLinks=true&variables=shown&dataSource=${dataSource}`),
    );
  });

  test('keyboard users reach every drill-down through the charts’ tables', async ({
    auditPage,
  }) => {
    await auditPage.goto();
    await auditPage.chartsReady();
    const invalidLink = auditPage
      .chartTable('Valid and invalid')
      .getByRole('link', { name: 'Invalid', exact: true });

    await invalidLink.focus();
    await auditPage.page.keyboard.press('Enter');

    await expect(auditPage.page).toHaveURL(fieldsAddress('invalid=true&variables=shown'));
  });

  test('gathering shows its progress, and Cancel stops it', async ({ auditPage }) => {
    const { page } = auditPage;
    await firstOfManyPages(page, 100_000);
    await auditPage.goto();

    await expect(auditPage.gatheringProgress).toHaveAttribute('aria-valuemax', '100000');
    const loaded = Number(await auditPage.gatheringProgress.getAttribute('aria-valuenow'));
    expect(loaded).toBeGreaterThan(0);
    await expect(auditPage.gathered.getByRole('status')).toHaveText(
      `Read ${loaded.toLocaleString('en-US')} of 100,000 fields for the charts…`,
    );
    await expect(auditPage.gatheredCharts).toHaveAttribute('aria-busy', 'true');

    const stopped = page.waitForEvent('requestfailed', isSearch);
    await auditPage.cancelGathering.click();

    expect((await stopped).failure()?.errorText).toMatch(/ABORTED/i);
    await expect(auditPage.gatheringProgress).toBeHidden();
    await expect(auditPage.gathered.getByText('Reading stopped')).toBeVisible();
    await expect(auditPage.gathered).toContainText(
      `Stopped after ${loaded.toLocaleString('en-US')} of 100,000 fields.`,
    );
    await expect(auditPage.chart('Top data sources by broken links')).toBeHidden();
    await expect(auditPage.gatheredCharts).toHaveAttribute('aria-busy', 'false');

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await auditPage.gathered.getByRole('button', { name: 'Read every field' }).click();
    await auditPage.chartsReady();
  });

  test('an instance without fields says so, and reads nothing for the charts', async ({
    auditPage,
  }) => {
    const searches: string[] = [];
    const none: Statistics = {
      total: 0,
      onDatasets: 0,
      onCards: 0,
      inVisualizations: 0,
      locked: 0,
      invalid: 0,
      invalidLink: 0,
      archived: 0,
    };
    await auditPage.page.route(`**${apiPaths.statistics}`, (route) =>
      route.fulfill({ json: none }),
    );
    auditPage.page.on('request', (request) => {
      if (isSearch(request)) searches.push(request.url());
    });

    await auditPage.page.goto('/audit');

    await expect(auditPage.numbers).toContainText('This instance has no calculated fields');
    await expect(auditPage.numbers.getByRole('link')).toHaveCount(0);
    await expect(auditPage.gathered).toBeHidden();
    expect(searches).toEqual([]);
  });

  test('where the statistics extension is missing, searches count the same numbers', async ({
    auditPage,
    request,
  }) => {
    const counted: SearchRequest[] = [];
    await auditPage.page.route(`**${apiPaths.statistics}`, (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    );
    auditPage.page.on('request', (request) => {
      if (isSearch(request)) counted.push(request.postDataJSON() as SearchRequest);
    });

    await auditPage.goto();
    const api = await readStatistics(request);

    for (const statistic of steadyStatistics) {
      expect(await auditPage.number(statistic), statistic).toBe(api[statistic]);
    }
    await expect(auditPage.numbers).toContainText('Counted with one search each');
    expect(counted.filter((search) => search.limit === 1)).toHaveLength(8);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`audit in ${colorScheme} colours`, () => {
    test.use({ colorScheme });

    test('has no accessibility violations, loaded and while gathering again', async ({
      auditPage,
    }, testInfo) => {
      await auditPage.goto();
      await auditPage.chartsReady();
      await expectNoAxeViolations(auditPage.page);
      await testInfo.attach(`audit-${colorScheme}.png`, {
        body: await auditPage.page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });

      await firstOfManyPages(auditPage.page, 100_000);
      await auditPage.refresh.click();
      await expect(auditPage.gatheringProgress).toHaveAttribute('aria-valuemax', '100000');
      await expectNoAxeViolations(auditPage.page);
      await testInfo.attach(`audit-gathering-${colorScheme}.png`, {
        body: await auditPage.page.screenshot(),
        contentType: 'image/png',
      });
    });
  });
}
