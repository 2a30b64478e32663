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
  readonly gathered: Locator;
  /** The charts drawn from the gathered fields; busy while they are gathered. */
  readonly gatheredCharts: Locator;
  readonly gatheringProgress: Locator;
  readonly cancelGathering: Locator;
  readonly refresh: Locator;

  constructor(readonly page: Page) {
    this.numbers = page.getByRole('region', { name: 'At a glance' });
    this.gathered = page.getByRole('region', { name: /^Who owns the problems/ });
    this.gatheredCharts = this.gathered.getByTestId('gathered-charts');
    this.gatheringProgress = page.getByRole('progressbar', { name: 'Fields read for the charts' });
    this.cancelGathering = this.gathered.getByRole('button', { name: 'Cancel' });
    this.refresh = page.getByRole('button', { name: 'Refresh' });
  }

  /** Opens the page and waits for its numbers. */
  async goto() {
    await this.page.goto('/audit');
    await expect(this.numberLink('total')).toBeVisible();
  }

  /** Waits until every chart is drawn from the gathered fields. */
  async chartsReady() {
    await expect(this.chart('Top owners by invalid or broken-link fields')).toBeVisible();
    await expect(this.gatheredCharts).toHaveAttribute('aria-busy', 'false');
  }

  numberLink(statistic: keyof Statistics) {
    const label = headlineLabels[statistic].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.numbers.getByRole('link', { name: new RegExp(`^[\\d,]+ ${label}$`) });
  }

  async number(statistic: keyof Statistics): Promise<number> {
    return parseCount(await this.numberLink(statistic).innerText());
  }

  chart(title: string) {
    return this.page.getByRole('region', { name: title, exact: true });
  }

  /** The text alternative of a chart: its table. */
  chartTable(title: string) {
    return this.chart(title).getByRole('table', { name: title });
  }

  /** A donut's slice, as recharts draws it (the drawing is hidden from assistive technology). */
  slice(chartTitle: string, name: string) {
    return this.chart(chartTitle).locator(`path.recharts-sector[name="${name}"]`);
  }

  /** The bars of one series, top to bottom. */
  bars(chartTitle: string, series: string) {
    return this.chart(chartTitle).locator(`path.recharts-rectangle[name="${series}"]`);
  }
}
