import { readFile } from 'node:fs/promises';
import type { Download, Locator, Page } from '@playwright/test';

/** The fields table's Export menu and the files it downloads. */
export class ExportMenu {
  readonly button: Locator;
  readonly progress: Locator;
  readonly progressText: Locator;
  readonly cancelButton: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('button', { name: 'Export', exact: true });
    this.progress = page.getByRole('progressbar', { name: 'Exporting' });
    this.progressText = page.getByRole('status').filter({ hasText: /^Exporting: / });
    this.cancelButton = page.getByRole('button', { name: 'Cancel exporting' });
  }

  item(format: 'csv' | 'json') {
    return this.page.getByRole('menuitem', { name: format === 'csv' ? /^CSV/ : /^JSON/ });
  }

  /** Chooses a format and answers the download it starts. */
  async download(format: 'csv' | 'json'): Promise<Download> {
    await this.button.click();
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.item(format).click(),
    ]);
    return download;
  }

  static async text(download: Download): Promise<string> {
    return readFile(await download.path(), 'utf8');
  }
}
