import { e2eUrl } from '../../playwright.config';
import type { Page } from '@playwright/test';
import { apiPaths } from '../../src/contract/paths';
import { MAX_LOCKS_IN_FLIGHT } from '../../src/features/fields/bulk/lock-concurrency';
import { expect, test } from '../support/bulk-fixtures';
import type { BulkTemplateRequest } from '../../src/contract/bulk-template';
import { failLocking } from '../support/fail-locking';
import { withoutBulkLock } from '../support/without-bulk-lock';
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
 * Every field the page asks to lock or unlock, by id: alone (PUT, when sent) or in a
 * bulk call the server took (one refused as a whole is sent again as PUTs).
 */
function recordLockRequests(page: Page): number[] {
  const ids: number[] = [];
  page.on('request', (request) => {
    const match = /\/functions\/template\/(\d+)$/.exec(new URL(request.url()).pathname);
    if (request.method() === 'PUT' && match) ids.push(Number(match[1]));
  });
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !response.ok()) return;
    if (new URL(request.url()).pathname !== apiPaths.bulkTemplate) return;
    const { update = [] } = request.postDataJSON() as BulkTemplateRequest;
    ids.push(...(update as Array<{ id: number }>).map((item) => item.id));
  });
  return ids;
}

const timesSent = (sent: number[], id: number) => sent.filter((other) => other === id).length;

test('a bulk lock across two pages sends each change once, reports a failure and retries it', async ({
  fieldsPage,
  bulk,
  api,
}) => {
  // Many lock requests, a failure and a retry: on a busy machine more than the usual minute.
  test.slow();
  const [first, second] = [await tablePage(api, 1), await tablePage(api, 2)];
  const range = first.slice(1, 5);
  const picked = [second[0]!, second[2]!];
  const selected = [...range, ...picked];
  const alreadyLocked = range[1]!;
  const failing = picked[0]!;
  const original = new Map(selected.map((field) => [field.id, field.locked]));
  for (const field of selected) await api.setLocked(field.id, field === alreadyLocked);
  const sent = recordLockRequests(fieldsPage.page);
  const stopFailing = await failLocking(fieldsPage.page, failing.id);

  try {
    await fieldsPage.goto('?size=25');
    await bulk.rowCheckbox(range[0]!.id).click();
    await bulk.rowCheckbox(range[3]!.id).click({ modifiers: ['Shift'] });
    for (const field of range) await expect(bulk.rowCheckbox(field.id)).toBeChecked();
    await expect(bulk.rowCheckbox(first[0]!.id)).not.toBeChecked();
    await expect(bulk.pageCheckbox).toHaveJSProperty('indeterminate', true);
    await expect(bulk.count).toHaveText('4 selected');

    await fieldsPage.viewAfter(() =>
      fieldsPage.page.getByRole('button', { name: 'Next page' }).click(),
    );
    for (const field of picked) await bulk.rowCheckbox(field.id).check();
    await expect(bulk.count).toHaveText('6 selected (4 not on this page)');

    await bulk.open(true);
    await expect(bulk.dialog).toContainText(
      '5 of the 6 fields selected are unlocked and will be locked.',
    );
    await expect(bulk.dialog).toContainText('1 is already locked and will not be sent.');
    await bulk.confirmButton(true).click();

    await expect(bulk.runStatus).toHaveText('4 fields locked, 1 failed.');
    await expect(bulk.failures).toContainText(`${failing.name} (id ${failing.id})`);
    await expect(bulk.failures).toContainText('The server said: “an unexpected fault”');
    await expect(bulk.retryButton).toHaveText('Retry failed (1)');
    for (const field of selected) {
      expect((await api.field(field.id)).locked, field.name).toBe(field.id !== failing.id);
    }
    expect(timesSent(sent, alreadyLocked.id)).toBe(0);
    for (const field of selected.filter((other) => other !== alreadyLocked)) {
      expect(timesSent(sent, field.id), field.name).toBe(1);
    }
    await expect(fieldsPage.lockSwitch(picked[1]!.id)).toBeChecked();
    await expect(fieldsPage.lockSwitch(failing.id)).not.toBeChecked();

    await stopFailing();
    await bulk.retryButton.click();

    await expect(bulk.runStatus).toHaveText('5 fields locked.');
    await expect(bulk.retryButton).toBeHidden();
    expect((await api.field(failing.id)).locked).toBe(true);
    expect(timesSent(sent, failing.id)).toBe(2);
    expect(sent).toHaveLength(6);
    await expect(fieldsPage.lockSwitch(failing.id)).toBeChecked();
    await bulk.closeButton().click();

    await bulk.open(false);
    await expect(bulk.dialog).toContainText('Unlock the 6 fields selected.');
    await bulk.confirmButton(false).click();
    await expect(bulk.runStatus).toHaveText('6 fields unlocked.');
    for (const field of selected) expect((await api.field(field.id)).locked).toBe(false);
    await bulk.closeButton().click();
    await expect(fieldsPage.lockSwitch(picked[1]!.id)).not.toBeChecked();
  } finally {
    for (const [id, locked] of original) await api.setLocked(id, locked);
  }
});

test('cancel stops sending and reports what was done', async ({ fieldsPage, bulk, api }) => {
  // One PUT per field, as against an instance without the bulk operation: twelve fields are then
  // more requests than go at once, so a cancel has some left to stop.
  await withoutBulkLock(fieldsPage.page);
  const fields = (await tablePage(api, 3)).slice(0, 12);
  for (const field of fields) await api.setLocked(field.id, false);
  const sent = recordLockRequests(fieldsPage.page);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await fieldsPage.page.route('**/functions/template/*', async (route) => {
    if (route.request().method() === 'PUT') await released;
    await route.continue();
  });

  try {
    await fieldsPage.goto('?size=25&page=3');
    await bulk.rowCheckbox(fields[0]!.id).click();
    await bulk.rowCheckbox(fields[11]!.id).click({ modifiers: ['Shift'] });
    await expect(bulk.count).toHaveText('12 selected');
    await bulk.open(true);
    await bulk.confirmButton(true).click();

    await expect.poll(() => sent.length).toBe(MAX_LOCKS_IN_FLIGHT);
    await bulk.dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(bulk.dialog.getByRole('button', { name: 'Stopping…' })).toBeVisible();
    release();

    const notSent = fields.length - MAX_LOCKS_IN_FLIGHT;
    await expect(bulk.runStatus).toHaveText(
      `Cancelled: ${MAX_LOCKS_IN_FLIGHT} fields locked, ${notSent} not sent.`,
    );
    expect(sent).toHaveLength(MAX_LOCKS_IN_FLIGHT);
    const locked = [];
    for (const field of fields) if ((await api.field(field.id)).locked) locked.push(field.id);
    expect(locked.sort()).toEqual([...sent].sort());
  } finally {
    release();
    for (const field of fields) await api.setLocked(field.id, field.locked);
  }
});
