import { expect, test } from './support/fixtures';
import { expectNoAxeViolationsInBothSchemes } from './support/accessibility';

test.describe('loading, error and warning states', () => {
  // One page load serves both: the warning follows the recovery.
  test('a failed search shows the error, with no accessibility violations, and a retry that recovers; a degraded answer shows a warning above the rows', async ({
    fieldsPage,
  }, testInfo) => {
    const { page } = fieldsPage;
    let answer: 'fail' | 'pass' | 'degrade' = 'fail';
    await page.route('**/functions/search', async (route) => {
      if (answer === 'fail') return route.fulfill({ status: 503, body: '' });
      if (answer === 'pass') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      return route.fulfill({ response, json: { ...body, degraded: true } });
    });

    await page.goto('/fields');

    const error = page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(error).toContainText('The server failed to answer (503)');
    await expectNoAxeViolationsInBothSchemes(page, testInfo, 'error');
    await page.emulateMedia({ colorScheme: 'light' });
    answer = 'pass';
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(fieldsPage.rows.first()).toBeVisible();
    await expect(error).toBeHidden();
    await expect(page.getByText('Partial results')).toHaveCount(0);

    answer = 'degrade';
    await fieldsPage.viewAfter(() => page.getByRole('button', { name: 'Refresh' }).click());

    await expect(page.getByText('Partial results')).toBeVisible();
  });
});
