import { e2eUrl } from '../../playwright.config';
import type { Page } from '@playwright/test';
import type { ChangeSetRequest } from '../../src/contract/journal';
import { journalPaths } from '../../src/contract/journal';
import { apiPaths } from '../../src/contract/paths';
import { expect, test } from '../support/bulk-fixtures';
import type { ServiceApi } from '../support/service-api';

test.use({ baseURL: e2eUrl('isolated') });

/** What the table shows at `?size=25`: names ascending, variables hidden. */
async function tablePage(api: ServiceApi, page: number) {
  const answer = await api.search({
    filters: [{ field: 'notvariable' }],
    sort: { field: 'name', ascending: true },
    limit: 25,
    offset: (page - 1) * 25,
  });
  return answer.results;
}

/**
 * Every write the page asks of the server: dry runs, change sets started, and any lock
 * sent past the journal.
 */
function recordWrites(page: Page) {
  const writes = {
    plans: [] as ChangeSetRequest[],
    changeSets: [] as unknown[],
    locks: [] as string[],
  };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path === journalPaths.plans)
      writes.plans.push(request.postDataJSON() as ChangeSetRequest);
    if (request.method() === 'POST' && path === journalPaths.changeSets)
      writes.changeSets.push(request.postDataJSON());
    if (
      (request.method() === 'PUT' && path.startsWith(apiPaths.template(''))) ||
      path === apiPaths.bulkTemplate
    )
      writes.locks.push(`${request.method()} ${path}`);
  });
  return writes;
}

test('a bulk lock across two pages is one change set: the locked field skipped, listed on Activity, undone there', async ({
  fieldsPage,
  bulk,
  api,
}) => {
  test.slow();
  const [first, second] = [await tablePage(api, 1), await tablePage(api, 2)];
  const range = first.slice(1, 5);
  const picked = [second[0]!, second[2]!];
  const selected = [...range, ...picked];
  const alreadyLocked = range[1]!;
  const original = new Map(selected.map((field) => [field.id, field.locked]));
  for (const field of selected) await api.setLocked(field.id, field === alreadyLocked);
  const writes = recordWrites(fieldsPage.page);

  try {
    await fieldsPage.goto('?size=25');
    await bulk.rowCheckbox(range[0]!.id).click();
    await bulk.rowCheckbox(range[3]!.id).click({ modifiers: ['Shift'] });
    await expect(bulk.count).toHaveText('4 selected');
    await fieldsPage.viewAfter(() =>
      fieldsPage.page.getByRole('button', { name: 'Next page' }).click(),
    );
    for (const field of picked) await bulk.rowCheckbox(field.id).check();
    await expect(bulk.count).toHaveText('6 selected (4 not on this page)');
    // The longer count must not squeeze the actions: each button shows its whole label
    // (at 1440 pixels they were cut to "Lock selecte", "Chang").
    await fieldsPage.page.setViewportSize({ width: 1440, height: 900 });
    const clipped = await fieldsPage.page
      .getByRole('group', { name: 'Selected fields' })
      .locator('.mantine-Button-label')
      .evaluateAll((labels) =>
        labels
          .filter((label) => label.scrollWidth > label.clientWidth)
          .map((label) => label.textContent),
      );
    expect(clipped).toEqual([]);

    await bulk.open(true);
    await expect(bulk.dialog).toContainText('5 fields will change, 1 field skipped.');
    const planned = bulk.dialog.getByRole('list', { name: 'What the change would do' });
    const skipped = planned.getByRole('listitem').filter({ hasText: 'it is so already' });
    await expect(skipped).toHaveCount(1);
    await expect(skipped).toContainText(alreadyLocked.name);
    await bulk.confirmButton(true).click();

    await expect(bulk.runStatus).toHaveText('5 fields changed, 1 skipped.');
    for (const field of selected) expect((await api.field(field.id)).locked, field.name).toBe(true);
    expect(writes.locks).toEqual([]);
    expect(writes.plans).toHaveLength(1);
    expect(writes.plans[0]!.kind).toBe('lock');
    expect(writes.plans[0]!.items.map((item) => item.id).sort()).toEqual(
      selected.map((field) => field.id).sort(),
    );
    // Confirmed by the dry run's id: the plan is kept by the server, not sent back.
    expect(writes.changeSets).toEqual([{ planId: expect.any(Number) }]);
    await expect(fieldsPage.lockSwitch(picked[1]!.id)).toBeChecked();
    await bulk.closeButton().click();

    await fieldsPage.page.goto('/activity');
    const toggle = fieldsPage.page.getByRole('button', { name: /^#\d+ lock$/ }).first();
    await toggle.click();
    const items = fieldsPage.page.getByRole('list', { name: /^Items of change set \d+$/ });
    await expect(items.getByRole('link', { name: picked[0]!.name })).toBeVisible();
    const row = fieldsPage.page.getByRole('row').filter({ has: toggle });
    await row.getByRole('button', { name: 'Undo' }).click();
    const undo = fieldsPage.page.getByRole('dialog', { name: /^Undo change set \d+\?$/ });
    await expect(undo.getByText('5 fields will be put back as before.')).toBeVisible();
    await undo.getByRole('button', { name: 'Undo' }).click();
    await expect(undo).toBeHidden();
    await expect(row).toContainText(/undone by change set \d+/);
    for (const field of selected)
      expect((await api.field(field.id)).locked, field.name).toBe(field === alreadyLocked);
  } finally {
    for (const [id, locked] of original) await api.setLocked(id, locked);
  }
});
