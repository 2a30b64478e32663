import { execFileSync } from 'node:child_process';
import { tokenStorageKey } from '../src/api/session';
import { journalPaths } from '../src/contract/journal';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import { expect, test } from './support/fixtures';
import { dataRoot } from './support/global-setup';

/** A reader's token for the main demo server, made as an admin makes one: `npm run token`. */
function createReaderToken(): string {
  const printed = execFileSync(
    process.execPath,
    [
      ...['dist-server/main.mjs', 'token', 'create', '--role', 'reader'],
      ...['--name', `reader ${Date.now()}`, '--data', `${dataRoot}/main/store.sqlite`],
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return printed.split('\n')[0]!.trim();
}

test('a reader searches and opens fields but is offered no change, and its writes are refused with 403', async ({
  page,
  context,
  api,
  request,
}) => {
  const token = createReaderToken();
  const field = await api.unlockedField(45);
  await context.addInitScript(([key, value]) => window.sessionStorage.setItem(key, value), [
    tokenStorageKey,
    token,
  ] as const);

  const whoAmI = page.waitForResponse((response) => response.url().endsWith(journalPaths.me));
  await page.goto(`/fields/${field.id}?q=${encodeURIComponent(field.name)}`);
  const drawer = page.getByRole('dialog', { name: field.name });
  await expect(drawer.getByRole('heading', { name: 'Expression' })).toBeVisible();
  // Once the page knows who the token is (and has drawn it), no change is offered.
  expect(await (await whoAmI).json()).toMatchObject({ role: 'reader', canWrite: false });
  await page.waitForLoadState('networkidle');
  await expect(drawer.getByRole('group', { name: 'Change this field' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page
    .getByRole('checkbox', { name: `Select ${field.name}`, exact: true })
    .first()
    .check();
  const bar = page.getByRole('group', { name: 'Selected fields' });
  await expect(bar.getByRole('status')).toHaveText(/^1 selected/);
  await page.waitForLoadState('networkidle');
  await expect(bar.getByRole('button', { name: 'Change' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Lock selected' })).toHaveCount(0);
  // The row's switch shows the state but may not be changed, and says why.
  const rowSwitch = page.getByRole('switch', { name: `Lock ${field.name}` }).first();
  await expect(rowSwitch).toHaveAttribute('aria-disabled', 'true');
  await expect(rowSwitch).toHaveAttribute('title', /may read, not lock/);
  await rowSwitch.click({ force: true });
  await expect(rowSwitch).not.toBeChecked();

  await page.getByRole('link', { name: 'Activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo', exact: true })).toHaveCount(0);

  const asReader = { headers: { [TOKEN_HEADER]: token } };
  const lock = await request.put(apiPaths.template(field.id), {
    ...asReader,
    data: { locked: true },
  });
  expect(lock.status()).toBe(403);
  expect(await lock.text()).toContain('this token is a reader');
  const changeSet = await request.post(journalPaths.changeSets, {
    ...asReader,
    data: { kind: 'rename', items: [{ id: field.id, change: { update: { name: 'x' } } }] },
  });
  expect(changeSet.status()).toBe(403);
  expect(await api.field(field.id)).toMatchObject({ name: field.name, locked: false });
});
