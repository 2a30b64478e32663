import { expect } from '@playwright/test';
import type { Locator, Page, Request } from '@playwright/test';
import { apiPaths } from '../../src/contract/paths';
import type { SearchRequest } from '../../src/contract/search';
import { goInApp } from './in-app-navigation';

function isSearch(request: Request) {
  return request.method() === 'POST' && new URL(request.url()).pathname === apiPaths.search;
}

/**
 * A row's data cells, the name first: the cell of the checkbox that selects the row
 * for bulk actions comes before them and is left out.
 */
export function dataCells(row: Locator) {
  return row.locator('td:not([data-control])');
}

/** The fields table at /fields, as a user sees it. */
export class FieldsPage {
  readonly table: Locator;
  readonly rows: Locator;
  readonly searchBox: Locator;
  readonly scroller: Locator;
  readonly range: Locator;
  readonly chips: Locator;
  readonly noResults: Locator;

  constructor(readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Calculated fields' });
    this.rows = this.table.locator('tbody tr[aria-rowindex]');
    this.searchBox = page.getByRole('searchbox', { name: 'Search by name' });
    this.scroller = page.getByTestId('fields-scroller');
    this.range = page.getByText(/^Showing \d/);
    this.chips = page.getByRole('group', { name: 'Active filters' });
    this.noResults = page.getByRole('region', { name: 'No results' });
  }

  async goto(query = '') {
    await this.page.goto(`/fields${query}`);
    await expect(this.rows.first()).toBeVisible();
  }

  /**
   * Shows `/fields<query>` inside the loaded app, without loading it again, and waits
   * for the table to show the answer. The query must be one the page has not shown
   * yet: a view it holds is not asked for again.
   */
  showInApp(query: string): Promise<SearchRequest> {
    return this.viewAfter(() => goInApp(this.page, `/fields${query}`));
  }

  /**
   * Runs `action`, waits until the table shows the answer to the search it sent,
   * and answers that search's body.
   */
  async viewAfter(action: () => Promise<unknown>): Promise<SearchRequest> {
    const [response] = await Promise.all([
      this.page.waitForResponse((candidate) => isSearch(candidate.request())),
      action(),
    ]);
    await expect(this.table).toHaveAttribute('aria-busy', 'false');
    return response.request().postDataJSON() as SearchRequest;
  }

  header(name: string) {
    return this.table.getByRole('columnheader', { name, exact: true });
  }

  sortBy(name: string) {
    return this.header(name).getByRole('button').click();
  }

  row(id: number) {
    return this.rows.filter({
      has: this.page.locator(`a[href="/fields/${id}"], a[href^="/fields/${id}?"]`),
    });
  }

  lockSwitch(id: number) {
    return this.row(id).getByRole('switch');
  }

  /** Clicks a row's lock switch (the input draws the track). */
  toggleLock(id: number) {
    return this.lockSwitch(id).click();
  }

  /** The names of the rows rendered: the visible ones and a few around them. */
  names() {
    return this.dataColumn(1).locator('a').allTextContents();
  }

  /**
   * The cells of one data column, 1-based from the name: the checkbox column that
   * selects rows for bulk actions comes before it and is not counted.
   */
  dataColumn(index: number) {
    return this.rows.locator(`td:nth-child(${index + 1})`);
  }

  /** The cells of one data column (1-based from the name), as text. */
  column(index: number) {
    return this.dataColumn(index).allTextContents();
  }

  async openFilters() {
    await this.page.getByRole('button', { name: /^Filters/ }).click();
    const panel = this.page.getByRole('dialog');
    await expect(panel).toBeVisible();
    return panel;
  }
}
