import type { Page, TestInfo } from '@playwright/test';
import { e2eUrl } from '../playwright.config';
import { journalPaths } from '../src/contract/journal';
import type { MergeGroup, WorkflowPreview } from '../src/contract/workflows';
import { remapTargetOfGroup, workflowPaths } from '../src/contract/workflows';
import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';
import { AuditPage } from './support/audit-page';
import { expect, test } from './support/fixtures';
import { goInApp } from './support/in-app-navigation';
import type { ServiceApi } from './support/service-api';
import { keepScreenshotsAtBothWidths } from './support/screenshots';

// Each workflow from where its problem is shown, through its preview, to one change
// set, then undone: by the workflow's own undo or on the Activity page. On a small
// instance of their own, since they change dozens of fields at once.
test.use({ baseURL: e2eUrl('workflows') });

test.beforeEach(async ({ api }) => {
  await api.scanned();
});

/**
 * A duplicates group that merges into a field other than the one suggested, and the
 * name of that field: a locked field would be skipped, and the demo locks some.
 */
async function mergeableGroup(api: ServiceApi) {
  for (const group of await api.findingGroups('exact-duplicates')) {
    const body = { group: { finding: 'exact-duplicates', key: group.key } };
    const choice = await api.post<MergeGroup>(workflowPaths.mergeGroup, body);
    for (const field of choice.fields.filter((each) => each.id !== choice.suggested)) {
      const plan = await api.post<WorkflowPreview>(workflowPaths.merge, {
        ...body,
        keep: field.id,
      });
      if (plan.counts.change > 0) return { ...group, keep: field.name };
    }
  }
  throw new Error('no duplicates group merges into a field other than the suggested one');
}

/** The preview of what the form asks (`shown` once it is there), checked by axe in both schemes. */
async function preview(
  page: Page,
  testInfo: TestInfo,
  name: string,
  shown = page.getByRole('heading', { name: 'Changes' }),
) {
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(shown).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, testInfo, name, keepScreenshotsAtBothWidths);
}

/** The first field the preview changes, found by its name, with its expression now. */
async function firstChange(page: Page, api: ServiceApi, holding: string) {
  const label = await page
    .getByRole('checkbox', { name: /^Include / })
    .first()
    .getAttribute('aria-label');
  const name = label!.replace(/^Include /, '');
  for (const found of (await api.search({ name, filters: [] })).results) {
    const field = await api.field(found.id);
    if (field.name === name && field.expression.includes(holding))
      return { id: field.id, before: field.expression };
  }
  throw new Error(`no field named ${name} holds ${holding}`);
}

/** Applies what the preview lists as one change set; answers its id once it is done. */
async function apply(page: Page): Promise<number> {
  const invalid = page.getByRole('checkbox', { name: /^Also save the \d+ that would be INVALID$/ });
  if (await invalid.isVisible()) await invalid.check();
  const [started] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === 'POST' &&
        new URL(response.url()).pathname === journalPaths.changeSets,
    ),
    page.getByRole('button', { name: /^Apply \d+ changes?$/ }).click(),
  ]);
  expect(started.status()).toBe(202);
  await expect(
    page.getByRole('status').filter({ hasText: /^[\d,]+ fields? changed[,.]/ }),
  ).toBeVisible();
  return ((await started.json()) as { id: number }).id;
}

/** The undo the workflow offers once its change set is done. */
async function undoHere(page: Page) {
  await page.getByRole('button', { name: 'Undo…' }).click();
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(
    page.getByText(/^Undone by change set \d+: [\d,]+ fields? changed\.$/),
  ).toBeVisible();
}

/** The change set undone from the Activity page. */
async function undoInActivity(page: Page, id: number, kind: string) {
  await goInApp(page, '/activity');
  const toggle = page.getByRole('button', { name: `#${id} ${kind}` });
  const row = page.getByRole('row').filter({ has: toggle });
  await row.getByRole('button', { name: 'Undo' }).click();
  const dialog = page.getByRole('dialog', { name: `Undo change set ${id}?` });
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`undone by change set ${id + 1}`)).toBeVisible();
}

test("from the audit's groups: a missing column remapped, duplicates merged keeping a chosen field, a departed owner's fields handed to a chosen person; each undone", async ({
  signedInPage: page,
  api,
}, testInfo) => {
  test.slow();
  const missing = await api.findingGroup('broken-references', (key) => !!remapTargetOfGroup(key));
  const target = remapTargetOfGroup(missing.key)!;
  const duplicates = await mergeableGroup(api);
  const departed = await api.findingGroup('inactive-owners');
  const audit = new AuditPage(page);
  await audit.goto();

  // Remap: the column's impact, then every use rewritten; undone by the remap's own undo.
  await audit
    .findingCard('Broken references')
    .getByRole('link', {
      name: `Remap: ${missing.label}`,
    })
    .click();
  await expect(page.getByRole('heading', { name: 'Column impact and remap' })).toBeVisible();
  await expect(page.getByText(/^Fields that use it: [1-9]/)).toBeVisible();
  const to = page.getByRole('combobox', { name: 'Replace it with' });
  const column = await to.locator('option').nth(1).textContent();
  await to.selectOption(column!);
  await preview(page, testInfo, 'remap');
  await expect(page.getByLabel(`removed: \`${target.column}\``).first()).toBeVisible();
  await expect(page.getByLabel(`added: \`${column}\``).first()).toBeVisible();
  const remapped = await firstChange(page, api, `\`${target.column}\``);
  await apply(page);
  await expect.poll(async () => (await api.field(remapped.id)).expression).toContain(column!);
  await undoHere(page);
  await expect.poll(async () => (await api.field(remapped.id)).expression).toBe(remapped.before);

  // Merge: any field of the group can be kept; the others archived, then put back.
  await page.goBack();
  await audit
    .findingCard('Exact duplicates')
    .getByRole('link', {
      name: `Merge: ${duplicates.label}`,
    })
    .click();
  const keep = page.getByRole('radiogroup', { name: 'Keep' });
  await expect(keep.getByRole('radio', { name: /, suggested\)$/ })).toBeChecked();
  await keep.getByRole('radio', { name: `${duplicates.keep} (` }).check();
  await preview(page, testInfo, 'merge');
  await expect(page.getByText('(archive)').first()).toBeVisible();
  await apply(page);
  await undoHere(page);

  // Hand-over to one chosen person, undone on the Activity page.
  await page.goBack();
  await audit
    .findingCard('Owned by inactive users')
    .getByRole('link', {
      name: `Hand over: ${departed.label}`,
    })
    .click();
  await expect(page.getByRole('radio', { name: 'All to one person' })).toBeChecked();
  await page.getByRole('combobox', { name: /^To/ }).click();
  const firstPerson = page.getByRole('option').first();
  const chosen = (await firstPerson.textContent())!;
  await firstPerson.click();
  const plan = page.getByRole('table', { name: 'Hand-over plan' });
  await preview(page, testInfo, 'handover', plan);
  await expect(plan.getByRole('cell', { name: chosen, exact: true }).first()).toBeVisible();
  const handover = await apply(page);
  await undoInActivity(page, handover, 'handover');
});

test('from the table, a find and replace over its filters and search, undone on the Activity page; from the audit, a clean-up of unused fields, undone by its undo', async ({
  signedInPage: page,
  fieldsPage,
  api,
}, testInfo) => {
  test.slow();
  await fieldsPage.goto('?q=margin');
  await page.getByRole('link', { name: /^Find and replace in the \d+ matching fields$/ }).click();
  await expect(page.getByRole('heading', { name: 'Find and replace' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Find' }).fill('SUM(');
  await page.getByRole('textbox', { name: 'Replace with' }).fill('sum(');
  await page.getByRole('checkbox', { name: 'Match case' }).check();
  await preview(page, testInfo, 'replace');
  const replaced = await firstChange(page, api, 'SUM(');
  const replace = await apply(page);
  await expect.poll(async () => (await api.field(replaced.id)).expression).toContain('sum(');
  await undoInActivity(page, replace, 'replace');
  await expect.poll(async () => (await api.field(replaced.id)).expression).toBe(replaced.before);

  await goInApp(page, '/audit');
  await page
    .getByRole('table', { name: 'Fix these first' })
    .getByRole('link', {
      name: 'Clean up…',
    })
    .click();
  await expect(page.getByText(/^Unused: /)).toBeVisible();
  await preview(page, testInfo, 'cleanup');
  await apply(page);
  await undoHere(page);
});
