import { e2eUrl } from '../../playwright.config';
import type { Page } from '@playwright/test';
import { statisticDefinitions, statisticNames } from '../../src/contract/statistic-definitions';
import type { UpstreamSearchBody } from '../../src/contract/upstream-allow-list';
import { assertAllowedSearch } from '../../src/contract/upstream-allow-list';
import { expectNoAxeViolationsInBothSchemes, keepScreenshot } from '../support/accessibility';
import { AuditPage } from '../support/audit-page';
import { expect, test } from '../support/fixtures';
import type { ServiceApi } from '../support/service-api';
import type { ReceivedRequest } from '../support/production-instance';
import {
  requestMark,
  requestsSince,
  setUnknownFilters,
  trueCount,
} from '../support/production-instance';

test.use({ baseURL: e2eUrl('productionProxy') });

/** Every search the instance received used only filters and sorts production is known to accept. */
function expectOnlyAllowedSearches(requests: ReceivedRequest[]) {
  const searches = requests.filter((request) => request.url.endsWith('/functions/search'));
  for (const search of searches) {
    const body = JSON.parse(search.body) as UpstreamSearchBody;
    expect(() => assertAllowedSearch(body, true), search.body).not.toThrow();
  }
}

/**
 * The numbers "At a glance" shows: what the instance holds. Its problems (invalid,
 * broken links) are the ranked list's, counted from the scan, so not shown here.
 */
const shownNames = statisticNames.filter((name) => name !== 'invalid' && name !== 'invalidLink');

/** Waits until every shown number is counted, then checks each against the instance's truth. */
async function expectTrueNumbers(auditPage: AuditPage) {
  for (const name of shownNames) await expect(auditPage.numberLink(name)).toBeVisible();
  for (const name of shownNames) {
    const truth = await trueCount(statisticDefinitions[name].filters);
    expect(await auditPage.number(name), name).toBe(truth);
  }
}

/**
 * The audit page, once the instance was scanned: the table's first search starts the
 * first scan of the instance if none ran yet, and the same search over HTTP does so
 * without loading the table.
 */
async function openAudit(page: Page, api: ServiceApi): Promise<AuditPage> {
  await api.search({
    filters: [{ field: 'notvariable' }],
    sort: { field: 'name', ascending: true },
  });
  const auditPage = new AuditPage(page);
  await page.goto('/audit');
  return auditPage;
}

test('the audit numbers equal the instance’s true counts, whether it refuses or ignores filters it does not have', async ({
  signedInPage: page,
  api,
}, testInfo) => {
  const mark = await requestMark();
  try {
    await setUnknownFilters('refuse');
    const auditPage = await openAudit(page, api);
    await expectTrueNumbers(auditPage);
    await expect(auditPage.numbers).toContainText('This instance does not offer statistics');
    // The rest of the page is checked in e2e/audit.spec.ts; these numbers and their note are this instance's.
    await expectNoAxeViolationsInBothSchemes(
      page,
      testInfo,
      'production-audit-numbers',
      keepScreenshot,
      auditPage.numbers,
    );

    // An instance that ignores unknown filters would count every field for them.
    await setUnknownFilters('ignore');
    await auditPage.refresh.click();
    await expect(auditPage.numbers).toHaveAttribute('aria-busy', 'false');
    await expectTrueNumbers(auditPage);
    expectOnlyAllowedSearches((await requestsSince(mark)).requests);
  } finally {
    await setUnknownFilters('refuse');
  }
});

test('a link to a field the instance does not have says so within two requests to the instance', async ({
  signedInPage: page,
}) => {
  // The table behind the drawer has loaded once, as after any earlier visit.
  await page.goto('/fields');
  await expect(page.getByRole('table', { name: 'Calculated fields' })).toBeVisible();
  const missingId = 987_654_321;
  const mark = await requestMark();
  await page.goto(`/fields/${missingId}`);
  await expect(page.getByText(`No calculated field has the id ${missingId}`)).toBeVisible();
  const { requests } = await requestsSince(mark);
  // Other specs use this instance at the same time: only what names this field counts,
  // and searches other than the copy's refresh (by lastModified).
  const lookup = requests.filter(
    (request) =>
      request.url.includes(`/functions/template/${missingId}`) ||
      (request.url.endsWith('/functions/search') &&
        (JSON.parse(request.body) as UpstreamSearchBody).sort.field !== 'lastModified' &&
        request.body.includes(String(missingId))),
  );
  expect(lookup.length, JSON.stringify(lookup)).toBeLessThanOrEqual(2);
  expect(lookup[0]?.url).toContain(`/functions/template/${missingId}?hidden=true`);
  expectOnlyAllowedSearches(requests);
});
