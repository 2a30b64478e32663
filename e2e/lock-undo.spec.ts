import type { Page } from '@playwright/test';
import { apiPaths } from '../src/contract/paths';
import type { SearchFilter } from '../src/contract/search';
import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { keepScreenshotsAtBothWidths } from './support/screenshots';
import type { ServiceApi } from './support/service-api';

// Slots 10-19 are this file's own fields (see ServiceApi.unlockedField).

function lockNotice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

function countSearchesFrom(page: Page) {
  const counter = { searches: 0 };
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === apiPaths.search) {
      counter.searches += 1;
    }
  });
  return counter;
}

/** The filters of the view `?locked=false` opens (variables hidden by default). */
const viewFilters: SearchFilter[] = [{ field: 'notlocked' }, { field: 'notvariable' }];

/** A word of the field's name that a few unlocked fields share, so its view has several rows. */
async function sharedWord(api: ServiceApi, name: string) {
  for (const word of name.split(/\s+/).filter((candidate) => candidate.length > 2)) {
    const view = await api.search({ name: word, filters: viewFilters, limit: 1 });
    if (view.totalHits >= 3 && view.totalHits <= 40) return word;
  }
  throw new Error(`no word of “${name}” is shared by a few fields`);
}

// One journey on one load of the app; each step shows its field by a search inside the
// app (bench/results/test-suite.md).
test('undoing a lock, and the Undo notification has no accessibility violations', async ({
  fieldsPage,
  api,
}, testInfo) => {
  await test.step('Undo in the notification unlocks the field again, on the server too', async () => {
    const field = await api.unlockedField(10);
    try {
      await fieldsPage.goto(`?q=${encodeURIComponent(field.name)}`);
      await fieldsPage.toggleLock(field.id);

      const notice = lockNotice(fieldsPage.page, `Locked “${field.name}”`);
      await expect(notice).toBeVisible();
      // The notice leaves the pager free to use.
      const pager = (await fieldsPage.page
        .getByRole('navigation', { name: 'Pages' })
        .boundingBox())!;
      const noticeBox = (await notice.boundingBox())!;
      expect(
        noticeBox.y + noticeBox.height <= pager.y || noticeBox.y >= pager.y + pager.height,
      ).toBe(true);
      await expect(fieldsPage.lockSwitch(field.id)).toBeChecked();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(true);

      await notice.getByRole('button', { name: 'Undo' }).click();

      await expect(fieldsPage.lockSwitch(field.id)).not.toBeChecked();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(false);
      await expect(lockNotice(fieldsPage.page, `Unlocked “${field.name}” again`)).toBeVisible();
      await expect(fieldsPage.page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    } finally {
      await api.setLocked(field.id, false);
    }
  });

  await test.step('Undo after an unlock locks the field again', async () => {
    const field = await api.unlockedField(11);
    await api.setLocked(field.id, true);
    try {
      await fieldsPage.showInApp(`?q=${encodeURIComponent(field.name)}`);
      await fieldsPage.toggleLock(field.id);
      const notice = lockNotice(fieldsPage.page, `Unlocked “${field.name}”`);
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(false);

      await notice.getByRole('button', { name: 'Undo' }).click();

      await expect(fieldsPage.lockSwitch(field.id)).toBeChecked();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(true);
    } finally {
      await api.setLocked(field.id, false);
    }
  });

  await test.step('a row locked in a view of unlocked fields stays in place until the view is refreshed', async () => {
    const field = await api.unlockedField(12);
    const word = await sharedWord(api, field.name);
    try {
      await fieldsPage.showInApp(`?locked=false&q=${encodeURIComponent(word)}`);
      const before = await fieldsPage.names();
      const counter = countSearchesFrom(fieldsPage.page);

      await fieldsPage.toggleLock(field.id);

      const outdated = fieldsPage.page
        .getByRole('status')
        .filter({ hasText: 'Changed rows stay in place until you refresh' });
      await expect(outdated).toBeVisible();
      await expect.poll(async () => (await api.field(field.id)).locked).toBe(true);
      expect(await fieldsPage.names()).toEqual(before);
      await expect(fieldsPage.lockSwitch(field.id)).toBeChecked();
      expect(counter.searches).toBe(0);

      await fieldsPage.viewAfter(() =>
        fieldsPage.page.getByRole('button', { name: 'Refresh' }).click(),
      );

      await expect(fieldsPage.row(field.id)).toHaveCount(0);
      await expect(outdated).toBeHidden();
      // The view as the server has it now: other files' steps lock and unlock their own
      // fields meanwhile, and one may share the word (once in CI, a fourth row came).
      const now = await api.search({ name: word, filters: viewFilters, limit: 50 });
      expect((await fieldsPage.names()).toSorted()).toEqual(
        now.results.map((row) => row.name).toSorted(),
      );
    } finally {
      await api.setLocked(field.id, false);
    }
  });

  await test.step('the Undo notification has no accessibility violations', async () => {
    const field = await api.unlockedField(13);
    try {
      await fieldsPage.showInApp(`?locked=false&q=${encodeURIComponent(field.name)}`);
      await fieldsPage.toggleLock(field.id);
      const notice = lockNotice(fieldsPage.page, `Locked “${field.name}”`);
      await expect(notice).toBeVisible();
      // Hovered, the notification stays open while it is checked.
      await notice.hover();
      await expectNoAxeViolationsInBothSchemes(
        fieldsPage.page,
        testInfo,
        'lock-undo',
        keepScreenshotsAtBothWidths,
      );
      await expect(notice).toBeVisible();
    } finally {
      await api.setLocked(field.id, false);
    }
  });
});
