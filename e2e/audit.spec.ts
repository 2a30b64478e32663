import type { AuditStatus } from '../src/contract/audit';
import { AUDIT_BASE } from '../src/contract/audit';
import { journalPaths } from '../src/contract/journal';
import { usesOnlyUpstreamFilters } from '../src/contract/upstream-allow-list';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import type { SearchRequest } from '../src/contract/search';
import type { Statistics } from '../src/contract/statistics';
import { AuditPage, isSearch, parseCount, readStatistics } from './support/audit-page';
import { FieldsPage } from './support/fields-page';
import { e2eToken, expect, test as base } from './support/fixtures';
import {
  expectNoAxeViolations,
  expectNoAxeViolationsInBothSchemes,
  keepScreenshot,
  screenshotsWanted,
} from './support/accessibility';
import { phone } from './support/screenshots';

const test = base.extend<{ auditPage: AuditPage }>({
  auditPage: async ({ signedInPage }, use) => use(new AuditPage(signedInPage)),
});

/**
 * Numbers no other spec changes; `locked` moves while lock specs run in parallel.
 * Invalid and broken links are counted by the ranked list, not repeated here.
 */
const steadyStatistics = [
  'total',
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

test.describe('audit page', () => {
  // Each number's address and chips: drill-down-links.test.ts and active-filters.test.ts;
  // each statistic counting what its filters find: statistics.test.ts.
  test('the live numbers are the API’s statistics, and a number opens the table filtered to the fields it counts', async ({
    auditPage,
    request,
    api,
  }) => {
    const { page } = auditPage;
    const fieldsPage = new FieldsPage(page);
    await auditPage.goto();
    const statistics = await readStatistics(request);

    for (const statistic of steadyStatistics) {
      expect(await auditPage.number(statistic), statistic).toBe(statistics[statistic]);
    }
    // Lock specs run meanwhile: compare with a read taken right after the page refreshed.
    await expect
      .poll(async () => {
        await Promise.all([
          page.waitForResponse((response) => response.url().endsWith(apiPaths.statistics)),
          auditPage.refresh.click(),
        ]);
        await expect(auditPage.numbers).toHaveAttribute('aria-busy', 'false');
        const shown = await auditPage.number('locked');
        return shown - (await readStatistics(request)).locked;
      })
      .toBe(0);

    await test.step('a number no other spec moves', async () => {
      const shown = await auditPage.number('archived');
      await auditPage.numberLink('archived').click();

      await expect(page).toHaveURL(fieldsAddress(drillDowns.archived.search));
      await expectChips(fieldsPage, drillDowns.archived.chips);
      expect(await matching(fieldsPage)).toBe(shown);
      await page.goBack();
    });

    await test.step('Locked, which lock specs move meanwhile', async () => {
      await auditPage.numberLink('locked').click();
      await expect(page).toHaveURL(fieldsAddress(drillDowns.locked.search));
      await expectChips(fieldsPage, drillDowns.locked.chips);
      // The table and a search made right after its Refresh agree.
      await expect
        .poll(async () => {
          await fieldsPage.viewAfter(() => page.getByRole('button', { name: 'Refresh' }).click());
          const shown = await matching(fieldsPage);
          const counted = await api.search({ filters: [{ field: 'locked' }], limit: 1 });
          return shown - counted.totalHits;
        })
        .toBe(0);
    });
  });

  // Every finding's and group's count against its drill-down: audit-api.test.ts; the
  // address of each: drill-down-links.test.ts.
  test('the audit page has no accessibility violations; a finding and one of its groups open exactly their fields; a scan adds a point to the trend and a diff with its export', async ({
    auditPage,
    api,
    request,
  }, testInfo) => {
    // The whole page with every finding's table, in both schemes: axe takes its time over it.
    test.slow();
    const { page } = auditPage;
    const fieldsPage = new FieldsPage(page);
    await auditPage.goto();
    await expect(auditPage.findings).toBeVisible();
    await expect(page.getByRole('region', { name: 'Change over time' })).toBeVisible();

    await test.step('no accessibility violations, with findings and trend', async () => {
      await expectNoAxeViolationsInBothSchemes(page, testInfo, 'audit', async (_, __, name) => {
        if (!screenshotsWanted) return;
        await testInfo.attach(`${name}.png`, {
          body: await page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        });
      });
      await page.emulateMedia({ colorScheme: 'light' });
    });

    await test.step('a finding opens exactly its fields', async () => {
      // A count that lock specs running meanwhile cannot move.
      const label = 'Broken references';
      const link = auditPage.fixFirst.getByRole('link', {
        name: new RegExp(`^Open [\\d,]+ fields?: ${label}$`),
      });
      const shown = parseCount((await link.getAttribute('aria-label'))!);
      await link.click();
      await expect(page).toHaveURL(/finding=/);
      await expect(page.getByRole('region', { name: 'Audit finding' })).toContainText(label);
      expect(await matching(fieldsPage)).toBe(shown);
      await page.goBack();
    });

    await test.step('a group’s count opens that group’s fields, and says which group it is', async () => {
      const card = auditPage.findingCard('Broken references');
      const groupLink = card.getByRole('table').getByRole('link').first();
      const groupCount = parseCount(await groupLink.innerText());
      const groupLabel = (await groupLink.getAttribute('aria-label'))!
        .split(', ')
        .slice(1)
        .join(', ');
      await groupLink.click();
      await expect(page.getByRole('region', { name: 'Audit finding' })).toContainText(groupLabel);
      expect(await matching(fieldsPage)).toBe(groupCount);
      await page.getByRole('button', { name: 'Show every field' }).click();
      await expect(page).not.toHaveURL(/finding=/);
    });

    await test.step('a scan from the page adds a point to the trend and a diff with its export', async () => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Audit' })
        .click();
      await expect(auditPage.findings).toBeVisible();
      const status = await request.get(`${AUDIT_BASE}/status`, {
        headers: { [TOKEN_HEADER]: e2eToken },
      });
      const { scanCount } = (await status.json()) as AuditStatus;
      // A change the journal recorded, so that the diff names its change set in a sentence.
      const field = await api.unlockedField(50);
      const rename = (name: string) =>
        request.post(journalPaths.changeSets, {
          headers: { [TOKEN_HEADER]: e2eToken },
          data: { kind: 'rename', items: [{ id: field.id, change: { update: { name } } }] },
        });
      expect((await rename(`${field.name} (audited)`)).status()).toBe(202);
      await expect
        .poll(async () => (await api.field(field.id)).name)
        .toBe(`${field.name} (audited)`);

      await auditPage.scanPanel.getByRole('button', { name: 'Scan now' }).click();
      await expect(auditPage.scanPanel).toContainText(`${scanCount + 1} of the last`);

      const diff = page.getByRole('region', { name: 'What changed between two scans' });
      await expect(diff.getByRole('combobox', { name: 'From scan' })).toBeVisible();
      await expect(diff).toContainText(/\d+ fields? changed/);
      // The diff's change names its change set inside a sentence: a link there must stand out.
      await expect(diff).toContainText(/Changed by .* \(change set \d+\)/);
      await expectNoAxeViolations(page, undefined, diff);
      expect((await rename(field.name)).status()).toBe(202);
      await expect.poll(async () => (await api.field(field.id)).name).toBe(field.name);
      // Each picker shows its scan's whole label, not a cut one.
      for (const name of ['From scan', 'To scan']) {
        const picker = diff.getByRole('combobox', { name });
        expect(await picker.evaluate((input) => input.scrollWidth <= input.clientWidth)).toBe(true);
      }
      const download = page.waitForEvent('download');
      await diff.getByRole('button', { name: 'Export CSV' }).click();
      expect((await download).suggestedFilename()).toMatch(/^audit-diff-\d+-\d+\.csv$/);
      await expect(page.getByRole('table', { name: 'Problems across scans' })).toBeAttached();
    });
  });

  test('on a phone the ranked list and the problem tables fit the screen, a card per owner and data source', async ({
    auditPage,
  }, testInfo) => {
    const { page } = auditPage;
    await page.setViewportSize(phone);
    await auditPage.goto();
    await expect(auditPage.fixFirst).toBeVisible();
    const byOwner = page.getByRole('table', { name: 'By owner' });
    await byOwner.scrollIntoViewIfNeeded();
    // Headers hidden: each count carries its finding's title beside it.
    await expect(byOwner.locator('thead')).toBeHidden();
    const firstRow = byOwner.locator('tbody tr').first();
    const [nameCell, firstCount] = await firstRow.locator('td').all();
    const nameBox = (await nameCell!.boundingBox())!;
    const countBox = (await firstCount!.boundingBox())!;
    // The name has a line of its own, as wide as the card, and the counts sit under it.
    expect(countBox.y).toBeGreaterThanOrEqual(nameBox.y + nameBox.height - 1);
    expect(nameBox.width).toBeGreaterThan(300);
    const sideways = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
    );
    expect(sideways).toBe(false);
    for (const name of ['Fix these first', 'By owner', 'By data source']) {
      const box = (await page.getByRole('table', { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(phone.width + 1);
    }
    // The header keeps every page's link and sign-out on one line, inside its own height.
    const header = (await page.locator('header').boundingBox())!;
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of await nav.getByRole('link').all()) {
      const [box, name] = [(await link.boundingBox())!, await link.innerText()];
      expect(box.y, name).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height, name).toBeLessThanOrEqual(header.y + header.height);
    }
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeInViewport();
    await expectNoAxeViolationsInBothSchemes(page, testInfo, 'audit-390', keepScreenshot);
  });

  test('an instance without fields says so, and counts nothing with searches', async ({
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
    expect(searches).toEqual([]);
  });

  test('where the statistics extension is missing, searches and the scan count the same numbers', async ({
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
    await expect(auditPage.numbers).toContainText('This instance does not offer statistics');
    // Five numbers have filters every instance accepts; the other three come from the scan.
    const countingSearches = counted.filter((search) => search.limit === 1);
    expect(countingSearches).toHaveLength(5);
    for (const search of countingSearches)
      expect(usesOnlyUpstreamFilters(search.filters)).toBe(true);
  });
});
