import { expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page, Request } from '@playwright/test';
import { e2eToken } from '../../playwright.config';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import type { Statistics } from '../../src/contract/statistics';

/** The label under each headline number, by the statistic it shows. */
export const headlineLabels: Record<keyof Statistics, string> = {
  total: 'Fields in total',
  locked: 'Locked',
  invalid: 'Invalid',
  invalidLink: 'With broken links',
  archived: 'Archived',
  onDatasets: 'On data sources',
  onCards: 'On cards',
  inVisualizations: 'Used in visualizations',
};

export function parseCount(text: string): number {
  const digits = /[\d,]+/.exec(text)?.[0];
  if (!digits) throw new Error(`no number in "${text}"`);
  return Number(digits.replaceAll(',', ''));
}

export function isSearch(request: Request) {
  return request.method() === 'POST' && new URL(request.url()).pathname === apiPaths.search;
}

/** The statistics as the API answers them right now. */
export async function readStatistics(request: APIRequestContext): Promise<Statistics> {
  const response = await request.get(apiPaths.statistics, {
    headers: { [TOKEN_HEADER]: e2eToken },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Statistics;
}

/** The audit page at /audit, as a user sees it. */
export class AuditPage {
  readonly numbers: Locator;
  readonly fixFirst: Locator;
  readonly findings: Locator;
  readonly scanPanel: Locator;
  readonly refresh: Locator;

  constructor(readonly page: Page) {
    this.numbers = page.getByRole('region', { name: 'At a glance' });
    this.fixFirst = page.getByRole('table', { name: 'Fix these first' });
    this.findings = page.getByRole('region', { name: 'Findings of the latest scan' });
    this.scanPanel = page.getByRole('region', { name: 'Scans', exact: true });
    this.refresh = page.getByRole('button', { name: 'Refresh' });
  }

  /** Opens the page and waits for its numbers. */
  async goto() {
    await this.page.goto('/audit');
    await expect(this.numberLink('total')).toBeVisible();
  }

  findingCard(title: string) {
    return this.findings.getByRole('region', { name: title, exact: true });
  }

  numberLink(statistic: keyof Statistics) {
    const label = headlineLabels[statistic].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.numbers.getByRole('link', { name: new RegExp(`^[\\d,]+ ${label}$`) });
  }

  async number(statistic: keyof Statistics): Promise<number> {
    return parseCount(await this.numberLink(statistic).innerText());
  }
}
