import type { Page } from '@playwright/test';
import { e2eServers, e2eToken, e2eUrl } from '../../playwright.config';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import { FieldDrawer } from '../support/field-drawer';
import { FieldsPage } from '../support/fields-page';
import { expect, test } from '../support/fixtures';
import { freePort, startServer } from '../support/start-server';

test.use({ baseURL: e2eUrl('proxy') });

const upstreamUrl = `http://127.0.0.1:${e2eServers.upstream}`;
const heldTokenUrl = `http://127.0.0.1:${e2eServers.heldTokenProxy}`;

/** Fails the test on any Content-Security-Policy violation the page reports. */
function watchPolicyViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('through the proxy, with the browser token', () => {
  test('search, lock and the drawer work against the instance behind it', async ({
    page,
    playwright,
  }) => {
    const violations = watchPolicyViolations(page);
    const upstream = await playwright.request.newContext({
      baseURL: upstreamUrl,
      extraHTTPHeaders: { [TOKEN_HEADER]: e2eToken },
    });
    const document = await page.goto('/fields');
    expect(document?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByLabel('Developer token').fill(e2eToken);
    await page.getByRole('button', { name: 'Sign in' }).click();

    const fields = new FieldsPage(page);
    await expect(fields.rows.first()).toBeVisible();
    const statistics = await (await upstream.get(apiPaths.statistics)).json();
    const visible = await upstream.post(apiPaths.search, {
      data: {
        filters: [{ field: 'notvariable' }],
        sort: { field: 'name', ascending: true },
        limit: 1,
      },
    });
    const { totalHits } = await visible.json();
    expect(totalHits).toBeLessThan(statistics.total + 1);
    await expect(page.getByText(`${totalHits.toLocaleString('en-US')} matching`)).toBeVisible();

    const first = (
      await (
        await upstream.post(apiPaths.search, {
          data: {
            filters: [{ field: 'notvariable' }, { field: 'notlocked' }],
            sort: { field: 'id', ascending: true },
            limit: 1,
          },
        })
      ).json()
    ).results[0];
    await fields.viewAfter(() => fields.searchBox.fill(first.name));
    try {
      await fields.toggleLock(first.id);
      await expect(fields.lockSwitch(first.id)).toBeChecked();
      await expect
        .poll(async () => (await (await upstream.get(apiPaths.template(first.id))).json()).locked)
        .toBe(true);

      await fields.row(first.id).getByRole('link').first().click();
      const drawer = new FieldDrawer(page);
      await expect(drawer.dialog).toBeVisible();
      await expect(drawer.dialog.getByText(first.legacyId)).toBeVisible();
    } finally {
      await upstream.put(apiPaths.template(first.id), { data: { locked: false } });
      await upstream.dispose();
    }
    expect(violations).toEqual([]);
  });

  test('a path outside the API the app uses is not forwarded', async ({ request }) => {
    const response = await request.get('/api/query/v1/functions/everything', {
      headers: { [TOKEN_HEADER]: e2eToken },
    });
    expect(response.status()).toBe(404);
    expect((await response.json()).message).toBe(
      'nothing is at GET /api/query/v1/functions/everything',
    );
  });
});

test.describe('through the proxy, with the token held by the server', () => {
  test('skips sign-in, and the browser never sees the token', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: heldTokenUrl });
    const page = await context.newPage();
    const violations = watchPolicyViolations(page);
    const sentTokens: string[] = [];
    page.on('request', (request) => {
      const header = request.headers()[TOKEN_HEADER.toLowerCase()];
      if (header) sentTokens.push(header);
    });
    try {
      await page.goto('/fields');
      const fields = new FieldsPage(page);
      await expect(fields.rows.first()).toBeVisible();
      await expect(page).toHaveURL(/\/fields$/);
      await expect(page.getByText('Signed in by the server')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

      await page.goto('/sign-in');
      await expect(page).toHaveURL(/\/fields$/);

      expect(sentTokens).toEqual([]);
      const stored = await page.evaluate(() =>
        JSON.stringify({ ...sessionStorage, ...localStorage }),
      );
      expect(stored).not.toContain(e2eToken);
      expect(await page.content()).not.toContain(e2eToken);
      expect(violations).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

test.describe('when the instance is down', () => {
  test('the API answers 502 and the table says the instance could not be reached, with a retry', async ({
    browser,
  }, testInfo) => {
    const deadPort = await freePort();
    const proxy = await startServer(
      [
        ...['--port', String(await freePort()), '--upstream', `http://127.0.0.1:${deadPort}`],
        // A file of its own: only one server may have an audit file open.
        ...['--audit-data', testInfo.outputPath('audit.sqlite')],
      ],
      { UPSTREAM_TOKEN: e2eToken },
    );
    const context = await browser.newContext({ baseURL: proxy.url });
    try {
      const apiAnswer = await context.request.get(apiPaths.statistics);
      expect(apiAnswer.status()).toBe(502);
      expect((await apiAnswer.json()).message).toBe(
        'the upstream instance could not be reached (ECONNREFUSED)',
      );

      const page = await context.newPage();
      await page.goto('/fields');
      await expect(
        page.getByText('The upstream instance could not be reached (ECONNREFUSED).'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: /try again|retry/i })).toBeVisible();
    } finally {
      await context.close();
      await proxy.stop();
    }
  });
});
