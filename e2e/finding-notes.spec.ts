import { AUDIT_BASE } from '../src/contract/audit-paths';
import { AuditPage } from './support/audit-page';
import { FieldsPage } from './support/fields-page';
import { expect, test } from './support/fixtures';
import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';

interface FindingFieldsJson {
  results: { id: number }[];
  notes: Record<string, string>;
}

test('a finding’s count opens the table saying why each field is in it, the whole note on focus', async ({
  signedInPage: page,
}, testInfo) => {
  const auditPage = new AuditPage(page);
  const fieldsPage = new FieldsPage(page);
  await auditPage.goto();
  const count = auditPage.fixFirst.getByRole('link', {
    name: /^Open [\d,]+ fields?: Broken references$/,
  });
  // What the server says of the fields it answers: the table must show those words.
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === `${AUDIT_BASE}/findings/broken-references/fields`,
    ),
    count.click(),
  ]);
  const { results, notes } = (await answer.json()) as FindingFieldsJson;
  const first = results[0]!;
  const note = notes[String(first.id)]!;
  expect(note).toMatch(/missing from/);

  const headers = fieldsPage.table.getByRole('columnheader');
  await expect(headers.nth(2)).toHaveAccessibleName('Why');
  await expect(headers.nth(1)).toHaveAccessibleName('Name');
  const row = fieldsPage.table.locator(`tbody tr[data-field-id="${first.id}"]`);
  const why = row.locator('td').nth(2);
  await expect(why).toHaveText(note);

  await expectNoAxeViolationsInBothSchemes(
    page,
    testInfo,
    'finding-notes',
    undefined,
    fieldsPage.table,
  );
  await page.emulateMedia({ colorScheme: 'light' });

  // The keyboard reaches the note right after the name, and its tooltip gives it whole.
  await row.getByRole('link').first().focus();
  await page.keyboard.press('Tab');
  await expect(why.locator('[tabindex="0"]')).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(note);

  // Every field again: the column goes with the finding.
  await page.getByRole('button', { name: 'Show every field' }).click();
  await expect(page).not.toHaveURL(/finding=/);
  await expect(fieldsPage.rows.first()).toBeVisible();
  await expect(fieldsPage.table.getByRole('columnheader', { name: 'Why' })).toHaveCount(0);
});
