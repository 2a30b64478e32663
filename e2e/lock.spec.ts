import type { Page } from '@playwright/test';
import type { ChangeSetSummary } from '../src/contract/journal';
import { journalPaths } from '../src/contract/journal';
import { drawnSwitch } from './support/drawn-controls';
import { failLocking } from './support/fail-locking';
import { expect, test } from './support/fixtures';
import { goInApp } from './support/in-app-navigation';

/** The id of the next change set the page starts. */
async function nextChangeSet(page: Page, act: () => Promise<void>): Promise<number> {
  const started = page.waitForResponse(
    (answer) =>
      answer.request().method() === 'POST' &&
      new URL(answer.url()).pathname === journalPaths.changeSets,
  );
  await act();
  return ((await (await started).json()) as ChangeSetSummary).id;
}

// Each step takes its own field (a "slot"): the workers share one database. One
// journey on one load of the app; each step shows its field's row by a search inside
// the app (bench/results/test-suite.md).
test('locking from a row and from the drawer, and a failed lock rolled back', async ({
  fieldsPage,
  drawer,
  api,
}) => {
  await test.step('locks and unlocks a field from its row, and the server keeps each change', async () => {
    const field = await api.unlockedField(0);
    try {
      await fieldsPage.goto(`?q=${encodeURIComponent(field.name)}`);
      const toggle = fieldsPage.lockSwitch(field.id);
      await expect(toggle).not.toBeChecked();

      const locking = await nextChangeSet(fieldsPage.page, () => fieldsPage.toggleLock(field.id));

      await expect(toggle).toBeChecked();
      await expect(fieldsPage.row(field.id).getByRole('img', { name: 'Locked' })).toBeVisible();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(true);

      const unlocking = await nextChangeSet(fieldsPage.page, () => fieldsPage.toggleLock(field.id));

      await expect(toggle).not.toBeChecked();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(false);
      await expect(fieldsPage.row(field.id).getByRole('img', { name: 'Locked' })).toBeHidden();

      // Each is a change set of the journal: the Activity page lists both, with the field.
      const { page } = fieldsPage;
      await goInApp(page, '/activity');
      await expect(page.getByRole('button', { name: `#${unlocking} unlock` })).toBeVisible();
      await page.getByRole('button', { name: `#${locking} lock` }).click();
      const items = page.getByRole('list', { name: `Items of change set ${locking}` });
      await expect(items.getByRole('link', { name: field.name })).toBeVisible();
    } finally {
      await api.setLocked(field.id, false);
    }
  });

  await test.step('a lock from the drawer shows in the table behind it at once', async () => {
    const field = await api.unlockedField(3);
    try {
      await fieldsPage.showInApp(`?q=${encodeURIComponent(field.name)}`);
      await fieldsPage.row(field.id).getByRole('link').click();
      await expect(drawer.lockSwitch).not.toBeChecked();
      // The row's switch is drawn as Mantine's in the drawer, unlocked and locked.
      expect(await drawnSwitch(fieldsPage.lockSwitch(field.id))).toEqual(
        await drawnSwitch(drawer.lockSwitch),
      );

      await drawer.toggleLock();

      await expect(drawer.lockSwitch).toBeChecked();
      await expect(fieldsPage.lockSwitch(field.id)).toBeChecked();
      await expect(async () =>
        expect(await drawnSwitch(fieldsPage.lockSwitch(field.id))).toEqual(
          await drawnSwitch(drawer.lockSwitch),
        ),
      ).toPass({ timeout: 5_000 });
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(true);
    } finally {
      await api.setLocked(field.id, false);
    }
    await fieldsPage.page.keyboard.press('Escape');
    await expect(drawer.dialog).toBeHidden();
  });

  await test.step('a server failure rolls the toggle back and says why', async () => {
    const field = await api.unlockedField(1);
    await failLocking(fieldsPage.page, field.id);
    await fieldsPage.showInApp(`?q=${encodeURIComponent(field.name)}`);
    const toggle = fieldsPage.lockSwitch(field.id);

    await fieldsPage.toggleLock(field.id);

    const notice = fieldsPage.page.getByRole('alert').filter({ hasText: 'was not locked' });
    await expect(notice).toContainText(`“${field.name}” is still unlocked.`);
    await expect(notice).toContainText('The server failed to answer (500)');
    await expect(toggle).not.toBeChecked();
    expect((await api.field(field.id)).locked).toBe(false);
  });
});
