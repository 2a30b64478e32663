/**
 * `npm run screenshots`: takes the README's pictures again (docs/images/*.png). Starts
 * the built server on a fresh demo store on a free port, waits for its first audit
 * scan, and photographs the fields table, the drawer of an invalid field and the audit
 * page at 1440 × 900 in the light scheme. The demo instance is generated from a fixed
 * seed, so two runs show the same fields; the audit page also shows when its scan ran.
 */
import { chromium } from '@playwright/test';
import type { Page } from '@playwright/test';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuditStatus } from '../src/contract/audit';
import { AUDIT_BASE } from '../src/contract/audit';
import { apiPaths, TOKEN_HEADER } from '../src/contract/paths';
import type { SearchResponse } from '../src/contract/search';
import { ensureWebBuild } from '../src/service/cli/ensure-web-build';
import { buildServiceBundle } from '../src/service/test-support/service-bundle';
import { startServiceProcess } from '../src/service/test-support/service-process';
import { chromiumExecutable, launchWithOneRetry, quietChromiumArgs } from './chromium';

const outputDir = 'docs/images';
const viewport = { width: 1440, height: 900 };

async function api<T>(url: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, {
    ...init,
    headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as T;
}

/** The audit page shows findings only once the first scan (started with the server) is complete. */
async function firstScanComplete(url: string, token: string): Promise<void> {
  for (let tries = 0; tries < 600; tries++) {
    const status = await api<AuditStatus>(`${url}${AUDIT_BASE}/status`, token);
    if (status.latestScan?.state === 'complete') return;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error('the first audit scan did not complete within 5 minutes');
}

async function firstInvalidFieldId(url: string, token: string): Promise<number> {
  const page = await api<SearchResponse>(`${url}${apiPaths.search}`, token, {
    method: 'POST',
    body: JSON.stringify({
      filters: [{ field: 'invalid' }],
      sort: { field: 'name', ascending: true },
      limit: 1,
      offset: 0,
    }),
  });
  const field = page.results[0];
  if (!field) throw new Error('the demo instance has no invalid field');
  return field.id;
}

/** Waits until nothing on the page is loading: no busy region, no skeleton. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root'),
  );
}

async function takeScreenshots(url: string, token: string): Promise<void> {
  const invalidId = await firstInvalidFieldId(url, token);
  const browser = await launchWithOneRetry(() =>
    chromium.launch({ executablePath: chromiumExecutable('browser'), args: quietChromiumArgs }),
  );
  try {
    const page = await browser.newPage({ viewport, colorScheme: 'light', reducedMotion: 'reduce' });
    // The fragment never reaches the server; the app takes the token from it.
    await page.goto(`${url}/#token=${token}`);
    await page.waitForURL(/\/fields/);
    const shots: [name: string, path: string][] = [
      ['fields-table', '/fields'],
      ['field-drawer-invalid', `/fields/${invalidId}`],
      ['audit-page', '/audit'],
    ];
    for (const [name, path] of shots) {
      await page.goto(`${url}${path}`);
      await settled(page);
      await page.screenshot({ path: join(outputDir, `${name}.png`) });
      console.log(`${outputDir}/${name}.png`);
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  ensureWebBuild(console.log);
  buildServiceBundle();
  mkdirSync(outputDir, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'cfm-screenshots-'));
  const server = startServiceProcess(['--data', join(dataDir, 'fields.sqlite')]);
  try {
    const { url, token } = await server.ready;
    if (!token) throw new Error('the server printed no demo token');
    await firstScanComplete(url, token);
    await takeScreenshots(url, token);
  } finally {
    server.child.kill('SIGTERM');
    await server.stopped;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
