import { expect, test } from './support/fixtures';

test.describe('loading, error and warning states', () => {
  test('a failed search shows the error with a retry that recovers', async ({ fieldsPage }) => {
    let failing = true;
    await fieldsPage.page.route('**/functions/search', (route) =>
      failing ? route.fulfill({ status: 503, body: '' }) : route.continue(),
    );

    await fieldsPage.page.goto('/fields');

    const error = fieldsPage.page.getByRole('alert').filter({ hasText: 'could not be loaded' });
    await expect(error).toContainText('The server failed to answer (503)');
    failing = false;
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(fieldsPage.rows.first()).toBeVisible();
    await expect(error).toBeHidden();
  });

  test('a degraded answer shows a warning above the rows', async ({ fieldsPage }) => {
    await fieldsPage.page.route('**/functions/search', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, degraded: true } });
    });

    await fieldsPage.goto();

    await expect(fieldsPage.page.getByText('Partial results')).toBeVisible();
  });
});
