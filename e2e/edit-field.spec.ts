import type { CalculatedField } from '../src/contract/field';
import type { ChangeSetDetail } from '../src/contract/journal';
import { journalPaths } from '../src/contract/journal';
import { TOKEN_HEADER } from '../src/contract/paths';
import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';
import { e2eToken, expect, test } from './support/fixtures';

// Slots 40 to 44 are this file's own fields (see ServiceApi.unlockedField); the delete
// journey takes the field of highest id that a card uses, and changes nothing.

const broken = 'SUM(`Amount`';
const fixed = 'SUM(`Amount`)';

test('an INVALID field fixed in the editor: underlined, VALID once saved, in the history, undone', async ({
  signedInPage: page,
  api,
  playwright,
  baseURL,
}, testInfo) => {
  const field = await api.unlockedField(40);
  // The field starts INVALID, made so through the journal as any change is.
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { [TOKEN_HEADER]: e2eToken },
  });
  const started = await request.post(journalPaths.changeSets, {
    data: {
      kind: 'edit',
      allowInvalid: true,
      items: [{ id: field.id, change: { update: { expression: broken } } }],
    },
  });
  expect(started.ok()).toBe(true);
  const { id: setupId } = (await started.json()) as { id: number };
  await expect
    .poll(async () => {
      const detail = (await (
        await request.get(journalPaths.changeSet(setupId))
      ).json()) as ChangeSetDetail;
      return detail.changeSet.state;
    })
    .toBe('done');
  await request.dispose();

  await page.goto(`/fields/${field.id}`);
  const drawer = page.getByRole('dialog', { name: field.name });
  await drawer.getByRole('button', { name: 'Edit expression' }).click();
  const editor = page.getByRole('dialog', { name: `Edit the expression of ${field.name}` });
  const text = editor.getByRole('textbox', { name: `Expression of ${field.name}` });
  await expect(text).toHaveText(broken);
  await expect(editor.locator('.cm-lintRange-error')).toHaveCount(1);
  await expectNoAxeViolationsInBothSchemes(page, testInfo, 'expression editor');

  await text.click();
  await page.keyboard.press('End');
  // Escape closes the suggestions a backtick opens, not the editor with what was typed.
  await page.keyboard.type(' + `');
  const suggestions = page.getByRole('listbox');
  await expect(suggestions).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestions).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(text).toHaveText(`${broken} + \``);
  for (let typed = 0; typed < ' + `'.length; typed++) await page.keyboard.press('Backspace');
  await page.keyboard.type(')');
  await expect(text).toHaveText(fixed);
  await expect(editor.locator('.cm-lintRange-error')).toHaveCount(0);

  await editor.getByRole('button', { name: 'Preview' }).click();
  await expect(editor.getByText('expression changed; status: INVALID → VALID')).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('1 field changed.')).toBeVisible();
  await editor.getByRole('button', { name: 'Close' }).last().click();
  await expect(editor).toBeHidden();

  await expect.poll(async () => (await api.field(field.id)).status).toBe('VALID');
  const history = drawer.getByRole('list', { name: 'Recorded versions' });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Expression edited');

  await history.getByRole('listitem').first().getByRole('button', { name: 'Undo…' }).click();
  await expect(history.getByText('Undo this change?')).toBeVisible();
  await history.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect.poll(async () => (await api.field(field.id)).expression).toBe(broken);
});

test('a conflicting edit: the field changed by another client after the editor opened is shown beside the edit, and nothing is overwritten', async ({
  signedInPage: page,
  api,
}) => {
  const field = await api.unlockedField(44);
  await page.goto(`/fields/${field.id}`);
  const drawer = page.getByRole('dialog', { name: field.name });
  await drawer.getByRole('button', { name: 'Edit expression' }).click();
  const editor = page.getByRole('dialog', { name: `Edit the expression of ${field.name}` });
  const text = editor.getByRole('textbox', { name: `Expression of ${field.name}` });
  await expect(text).toHaveText(field.expression);

  const theirs = `(${field.expression}) + 0`;
  await api.update(field.id, { expression: theirs });
  await text.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' * 2');
  await editor.getByRole('button', { name: 'Preview' }).click();

  await expect(editor.getByText('Someone changed this field since you opened it')).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Theirs (saved now)' })).toHaveText(theirs);
  await expect(editor.getByRole('textbox', { name: 'Yours (not saved)' })).toHaveText(
    `${field.expression} * 2`,
  );
  await expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  expect((await api.field(field.id)).expression).toBe(theirs);
  await api.update(field.id, { expression: field.expression });
});

test('delete of a field a card uses: refused until its name is typed, archiving offered first', async ({
  signedInPage: page,
  api,
}, testInfo) => {
  const candidates = await api.search({
    filters: [{ field: 'active' }, { field: 'notvariable' }, { field: 'notarchived' }],
    sort: { field: 'id', ascending: false },
    limit: 20,
  });
  let field: CalculatedField | undefined;
  for (const item of candidates.results) {
    const candidate = await api.field(item.id);
    if (candidate.links.some((link) => link.resource.type === 'CARD' && link.active)) {
      field = candidate;
      break;
    }
  }
  if (!field) throw new Error('no field among the last 20 is used by a card');
  await api.setLocked(field.id, false);

  await page.goto(`/fields/${field.id}`);
  const drawer = page.getByRole('dialog', { name: field.name });
  await drawer.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${field.name}` });
  await expect(dialog.getByRole('status')).toHaveText('0 fields will change, 1 field skipped.');
  await expect(dialog.getByLabel('What depends on this field')).toContainText(/Used by \d+ cards?/);
  await expect(dialog.getByRole('alert')).toHaveText(
    'Something uses this field: type its name to delete it anyway, or archive it.',
  );
  const confirmDelete = dialog.getByRole('button', { name: 'Delete', exact: true });
  await expect(confirmDelete).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Archive it instead' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, testInfo, 'delete dialog');

  const name = dialog.getByLabel("Type the field's name to delete it although it is used");
  await name.fill(`${field.name} `);
  await expect(confirmDelete).toBeDisabled();
  await name.fill(field.name);
  await expect(dialog.getByRole('status')).toHaveText('1 field will change, 0 fields skipped.');
  await expect(confirmDelete).toBeEnabled();

  // Archiving instead, then not doing it either: the field is left as it was.
  await dialog.getByRole('button', { name: 'Archive it instead' }).click();
  const archive = page.getByRole('dialog', { name: `Archive ${field.name}` });
  await expect(archive.getByRole('button', { name: 'Archive', exact: true })).toBeEnabled();
  await archive.getByRole('button', { name: 'Cancel' }).click();
  await expect(archive).toBeHidden();
  expect(await api.field(field.id)).toMatchObject({ archived: false, name: field.name });
});

test('a bulk owner change: the dry run skips a locked field, the set runs, and undo puts every owner back', async ({
  fieldsPage,
  api,
}, testInfo) => {
  const fields = [
    await api.unlockedField(41),
    await api.unlockedField(42),
    await api.unlockedField(43),
  ];
  const locked = fields[1]!;
  await api.setLocked(locked.id, true);
  const page = fieldsPage.page;

  // The selection is kept across searches: each field is found and ticked in turn.
  await fieldsPage.goto();
  for (const field of fields) {
    await fieldsPage.searchBox.fill(field.name);
    await page
      .getByRole('checkbox', { name: `Select ${field.name}`, exact: true })
      .first()
      .check();
  }
  const bar = page.getByRole('group', { name: 'Selected fields' });
  await expect(bar.getByRole('status')).toHaveText(/^3 selected/);
  await bar.getByRole('button', { name: 'Change' }).click();
  await page.getByRole('menuitem', { name: 'Change owner…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change the owner of 3 fields' });
  const picker = dialog.getByLabel(/New owner/);
  await picker.click();
  await picker.fill('a');
  await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const planned = dialog.getByRole('list', { name: 'What the change would do' });
  await expect(planned.getByRole('listitem').filter({ hasText: locked.name })).toContainText(
    'locked: unlock it first',
  );
  await expectNoAxeViolationsInBothSchemes(page, testInfo, 'bulk change dialog');
  const changing = fields.filter((field) => field !== locked);
  const owners = await Promise.all(fields.map(async (field) => (await api.field(field.id)).owner));
  await dialog.getByRole('button', { name: 'Change owner' }).click();
  await expect(dialog.getByText(/field(s)? changed, 1 skipped\.$/)).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Skipped fields' })).toContainText(locked.name);
  const after = await Promise.all(changing.map(async (field) => (await api.field(field.id)).owner));
  // Both changed fields now have the one owner picked; the locked one kept its own.
  expect(new Set(after).size).toBe(1);
  expect((await api.field(locked.id)).owner).toBe(owners[1]);

  await dialog.getByRole('button', { name: 'Undo…' }).click();
  await dialog.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(
    dialog.getByText(/^Undone by change set \d+: [\d,]+ fields? changed\.$/),
  ).toBeVisible();
  await expect
    .poll(async () => Promise.all(fields.map(async (field) => (await api.field(field.id)).owner)))
    .toEqual(owners);
  await api.setLocked(locked.id, false);
});
