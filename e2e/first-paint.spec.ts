import { expect, test } from './support/fixtures';
import { expectNoAxeViolations, keepScreenshot } from './support/accessibility';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the page shows its frame and a spinner before any script runs (${colorScheme})`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme });
    // The scripts never arrive: what is drawn comes from the HTML alone.
    await page.route('**/*.js', (route) => route.abort());
    await page.goto('/fields');
    await expect(page.getByText('Calculated-field manager')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading the app' })).toBeVisible();
    const background = await page
      .locator('#root > div')
      .evaluate((frame) => getComputedStyle(frame).backgroundColor);
    expect(background).toBe(colorScheme === 'dark' ? 'rgb(36, 36, 36)' : 'rgb(255, 255, 255)');
    await expectNoAxeViolations(page);
    await keepScreenshot(page, testInfo, `first-paint-${colorScheme}`);
  });
}

test('the app replaces the frame once its script runs', async ({ fieldsPage }) => {
  await fieldsPage.goto();
  await expect(fieldsPage.page.getByRole('status', { name: 'Loading the app' })).toHaveCount(0);
  await expect(fieldsPage.page.getByText('Calculated-field manager')).toHaveCount(1);
});
