import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

test.describe('with the system’s usual motion', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('the fields page runs no animation once its rows are shown', async ({ fieldsPage }) => {
    await fieldsPage.goto();
    await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'false');
    // A running animation, even on a hidden element, makes the browser work every frame.
    await expect
      .poll(() =>
        fieldsPage.page.evaluate(() =>
          document.getAnimations().map((animation) => {
            const target = (animation.effect as KeyframeEffect | null)?.target;
            return target ? target.className.toString() : animation.id;
          }),
        ),
      )
      .toEqual([]);
  });
});

/** Starts noting every CSS transition the page runs, by the property it moves. */
async function noteTransitions(page: Page) {
  await page.evaluate(() => {
    const run: string[] = [];
    (window as unknown as { transitionsRun: string[] }).transitionsRun = run;
    document.addEventListener('transitionrun', (event) => run.push(event.propertyName), true);
  });
}

const transitionsRun = (page: Page) =>
  page.evaluate(() => (window as unknown as { transitionsRun: string[] }).transitionsRun);

// The suite asks for reduced motion everywhere (playwright.config.ts); this says so again
// because it is what the test is about.
test.describe('with reduced motion asked for', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('menus, the drawer and its controls change at once, without a transition', async ({
    fieldsPage,
    drawer,
  }) => {
    const { page } = fieldsPage;
    await fieldsPage.goto();
    await expect(fieldsPage.table).toHaveAttribute('aria-busy', 'false');
    await noteTransitions(page);

    await fieldsPage.openFilters();
    await page.keyboard.press('Escape');
    await fieldsPage.rows.first().getByRole('link').click();
    await expect(drawer.dialog).toBeVisible();
    await drawer.dialog.getByText('Formatted', { exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(drawer.dialog).toBeHidden();

    expect(await transitionsRun(page)).toEqual([]);
  });
});
