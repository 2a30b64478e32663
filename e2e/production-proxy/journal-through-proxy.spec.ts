import { e2eToken, e2eUrl } from '../../playwright.config';
import type { CalculatedField } from '../../src/contract/field';
import { calculatedFieldSchema } from '../../src/contract/field';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import { expect, test } from '../support/fixtures';

test.use({ baseURL: e2eUrl('productionProxy') });

/** The field as the production-shaped instance itself has it, not as the proxy tells. */
async function onInstance(id: number): Promise<CalculatedField> {
  const response = await fetch(`${e2eUrl('productionUpstream')}${apiPaths.readField(id)}`, {
    headers: { [TOKEN_HEADER]: e2eToken },
  });
  return calculatedFieldSchema.parse(await response.json());
}

test('through the proxy: an expression edited in the drawer is sent to the instance, shown in Activity, and undone there', async ({
  signedInPage: page,
  api,
}) => {
  const field = await api.unlockedField(20);
  const edited = `${field.expression} + 0`;

  await page.goto(`/fields/${field.id}`);
  const drawer = page.getByRole('dialog', { name: field.name });
  await drawer.getByRole('button', { name: 'Edit expression' }).click();
  const editor = page.getByRole('dialog', { name: `Edit the expression of ${field.name}` });
  const text = editor.getByRole('textbox', { name: `Expression of ${field.name}` });
  await expect(text).toHaveText(field.expression);
  await text.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' + 0');
  await editor.getByRole('button', { name: 'Preview' }).click();
  await expect(editor.getByRole('status')).toHaveText('1 field will change, 0 fields skipped.');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('1 field changed.')).toBeVisible();
  await expect.poll(async () => (await onInstance(field.id)).expression).toBe(edited);
  await editor.getByRole('button', { name: 'Close' }).last().click();

  await page.goto('/activity?kind=edit');
  // The newest edit: the Activity page lists newest first, and its address keeps the kind.
  const newestEdit = page.getByRole('button', { name: /^#\d+ edit$/ }).first();
  const row = page.getByRole('row').filter({ has: newestEdit });
  const toggle = row.getByRole('button', { name: /^#\d+ edit$/ });
  await toggle.click();
  const setId = Number(/^#(\d+)/.exec((await toggle.textContent()) ?? '')![1]);
  const items = page.getByRole('list', { name: `Items of change set ${setId}` });
  await expect(items.getByRole('link', { name: field.name })).toBeVisible();

  await row.getByRole('button', { name: 'Undo' }).click();
  const dialog = page.getByRole('dialog', { name: `Undo change set ${setId}?` });
  await expect(dialog.getByText('1 field will be put back as before.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await onInstance(field.id)).expression).toBe(field.expression);
  await expect(row).toContainText(/undone by change set \d+/);
});
