import { expect, test } from './support/fixtures';
import { dataCells } from './support/fields-page';

test.describe('field drawer', () => {
  test('opens from a row and closes with Escape, keeping the table as it was', async ({
    fieldsPage,
    drawer,
  }) => {
    await fieldsPage.goto('?sort=-created&size=25&page=2');
    const row = fieldsPage.rows.nth(3);
    const name = await dataCells(row).first().textContent();

    await dataCells(row).nth(5).click();

    await expect(drawer.dialog).toBeVisible();
    await expect(drawer.dialog.getByRole('heading', { name: name!, exact: true })).toBeVisible();
    await expect(fieldsPage.page).toHaveURL(/\/fields\/\d+\?sort=-created&size=25&page=2$/);

    await fieldsPage.page.keyboard.press('Escape');

    await expect(drawer.dialog).toBeHidden();
    await expect(fieldsPage.page).toHaveURL(/\/fields\?sort=-created&size=25&page=2$/);
    await expect(fieldsPage.range).toHaveText(/^Showing 26–50 of/);
  });

  test('the keyboard alone reaches a row, opens it with Enter and closes it with Escape', async ({
    fieldsPage,
    drawer,
  }) => {
    await fieldsPage.goto();
    await fieldsPage.searchBox.focus();
    const firstName = fieldsPage.rows.first().getByRole('link');

    for (let presses = 0; presses < 30; presses += 1) {
      if (await firstName.evaluate((link) => link === document.activeElement)) break;
      await fieldsPage.page.keyboard.press('Tab');
    }
    await expect(firstName).toBeFocused();
    await fieldsPage.page.keyboard.press('Enter');

    await expect(drawer.dialog).toBeVisible();
    await expect(drawer.dialog).toContainText('Legacy id');
    await fieldsPage.page.keyboard.press('Escape');
    await expect(drawer.dialog).toBeHidden();
    await expect(firstName).toBeFocused();
  });

  test('a pasted link opens the drawer with the expression marked at the server offsets', async ({
    drawer,
    signedInPage,
    api,
  }) => {
    const candidates = await api.search({ filters: [{ field: 'notvariable' }], limit: 200 });
    let field = await api.field(candidates.results[0]!.id);
    for (const item of candidates.results) {
      field = await api.field(item.id);
      if (new Set(field.columnPositions.map((position) => position.columnName)).size >= 2) break;
    }

    await signedInPage.goto(`/fields/${field.id}`);

    await expect(
      drawer.dialog.getByRole('heading', { name: field.name, exact: true }),
    ).toBeVisible();
    await expect(drawer.expression).toHaveText(field.expression);
    await expect(drawer.highlightedColumns).toHaveText(
      field.columnPositions.map((position) => position.columnName),
    );
    const offsets = await drawer.highlightedColumns.evaluateAll((spans) =>
      spans.map((span) => {
        const range = document.createRange();
        range.setStart(span.closest('pre')!, 0);
        range.setEndBefore(span);
        return range.toString().length;
      }),
    );
    expect(offsets).toEqual(field.columnPositions.map((position) => position.columnPosition));
    await expect(drawer.dialog).toContainText(field.checkSum);

    const column = field.columnPositions[0]!.columnName;
    const uses = field.columnPositions.filter((position) => position.columnName === column).length;
    await drawer.referenceButton(column).hover();
    await expect(drawer.expression.locator('[data-active]')).toHaveCount(uses);
    await expect(drawer.expression.locator('[data-active]').first()).toHaveText(column);

    for (const name of field.functions) {
      const shown = name.startsWith('SERVICE_OP_')
        ? name.slice('SERVICE_OP_'.length).toLowerCase()
        : name;
      await expect(drawer.section('Functions and operators')).toContainText(shown);
    }
  });

  test('where the instance has no detail route, the drawer shows the search result', async ({
    fieldsPage,
    drawer,
    api,
  }) => {
    await fieldsPage.page.route('**/functions/template/*', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 404, contentType: 'text/html', body: '<h1>Not Found</h1>' })
        : route.continue(),
    );
    const item = (await api.search({ filters: [{ field: 'active' }], limit: 1, offset: 123 }))
      .results[0]!;

    await fieldsPage.page.goto(`/fields/${item.id}`);

    // Nothing is cached for a pasted link: about log2(totalHits) searches, one after another.
    await expect(drawer.dialog.getByRole('heading', { name: item.name, exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await expect(drawer.dialog).toContainText('Details are not available here');
    await expect(drawer.dialog).toContainText(item.legacyId);
    await expect(drawer.expression).toHaveCount(0);
    await expect(drawer.section('Links').getByRole('row')).toHaveCount(item.links.length + 1);
  });
});

test('a link followed while the drawer closes is where the app goes', async ({
  fieldsPage,
  drawer,
}) => {
  const { page } = fieldsPage;
  await fieldsPage.goto();
  await fieldsPage.rows.first().getByRole('link').click();
  await expect(drawer.dialog).toBeVisible();
  // The audit page's script arrives late, so the fields page, with its closing drawer,
  // stays on screen after the link is followed.
  await page.route('**/assets/AuditPage-*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  // Escape, and the Audit link at once, in one task: the drawer is still closing.
  await page.evaluate(() => {
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true });
    document.activeElement!.dispatchEvent(escape);
    document.querySelector<HTMLAnchorElement>('header a[href^="/audit"]')!.click();
  });
  await expect(page.getByRole('heading', { name: /Audit/ })).toBeVisible();
  await expect(page).toHaveURL(/\/audit/);
});
