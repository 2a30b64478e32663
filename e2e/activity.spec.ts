import type { ChangeSetDetail } from '../src/contract/journal';
import { journalPaths } from '../src/contract/journal';
import { TOKEN_HEADER } from '../src/contract/paths';
import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';
import { e2eToken, expect, test } from './support/fixtures';

// Slot 30 is this file's own field (see ServiceApi.unlockedField).

test('a change made through the journal appears on the Activity page, is undone there, and the field is back', async ({
  signedInPage: page,
  api,
  playwright,
  baseURL,
}, testInfo) => {
  const field = await api.unlockedField(30);
  // Markup, right-to-left text and a long word: the person's text, shown as text and wrapped.
  const renamed = `${field.name} <b>renamed</b> مرحبا ${'y'.repeat(160)}`;
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { [TOKEN_HEADER]: e2eToken },
  });
  const started = await request.post(journalPaths.changeSets, {
    data: {
      kind: 'rename',
      note: 'activity journey',
      items: [{ id: field.id, change: { update: { name: renamed } } }],
    },
  });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: number };
  await expect
    .poll(
      async () =>
        ((await (await request.get(journalPaths.changeSet(id))).json()) as ChangeSetDetail)
          .changeSet.state,
    )
    .toBe('done');
  expect((await api.field(field.id)).name).toBe(renamed);

  await page.goto('/activity');
  const toggle = page.getByRole('button', { name: `#${id} rename` });
  await expect(toggle).toBeVisible();
  await toggle.click();
  const items = page.getByRole('list', { name: `Items of change set ${id}` });
  // An item names the field as it was when the set was recorded; the change shows the rename.
  await expect(items.getByRole('link', { name: field.name })).toBeVisible();
  await expect(items.getByText(renamed, { exact: true })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, testInfo, 'activity');

  const row = page.getByRole('row').filter({ has: toggle });
  // The long name wraps in its cell: the journal does not grow past the screen, out of reach.
  await expect(row.getByRole('button', { name: 'Undo' })).toBeInViewport();
  await row.getByRole('button', { name: 'Undo' }).click();
  const dialog = page.getByRole('dialog', { name: `Undo change set ${id}?` });
  await expect(dialog.getByText('1 field will be put back as before.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Undo' }).click();
  await expect(dialog).toBeHidden();

  await expect.poll(async () => (await api.field(field.id)).name).toBe(field.name);
  // Other journeys record change sets beside this one: the undo's number is not id + 1.
  await expect(row).toContainText(/undone by change set \d+/);
  await request.dispose();
});

test("each set's state shows its word whole, and on a phone the set is a card with its state and counts on screen", async ({
  signedInPage: page,
  playwright,
  baseURL,
}) => {
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { [TOKEN_HEADER]: e2eToken },
  });
  // No field has this id: the set is recorded, skips it, and changes nothing.
  const started = await request.post(journalPaths.changeSets, {
    data: { kind: 'lock', items: [{ id: 987_654_321, change: { update: { locked: true } } }] },
  });
  expect(started.status()).toBe(202);
  const { id } = (await started.json()) as { id: number };
  await request.dispose();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/activity');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `#${id} lock` }) });
    await expect(row).toBeVisible();
    const badges = page.getByRole('table', { name: 'Change sets' }).locator('.mantine-Badge-label');
    const cut = await badges.evaluateAll((labels) =>
      labels
        .filter((label) => label.scrollWidth > label.clientWidth)
        .map((label) => `${label.textContent}: ${label.clientWidth} of ${label.scrollWidth} px`),
    );
    expect(cut, `at ${width} px`).toEqual([]);
    // On a phone too, the set's state and counts are on the screen, not past its edge.
    await expect(row.locator('.mantine-Badge-root')).toBeInViewport({ ratio: 1 });
    await expect(row.getByText(/\d+ changed · /)).toBeInViewport({ ratio: 1 });
  }
});
