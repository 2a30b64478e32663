import type { Locator, Page } from '@playwright/test';
import type { FieldsPage } from './fields-page';

/** The fields table's selection, its bar of bulk actions and the lock dialog. */
export class BulkActions {
  readonly page: Page;
  readonly bar: Locator;
  readonly count: Locator;
  readonly pageCheckbox: Locator;
  readonly lockButton: Locator;
  readonly unlockButton: Locator;
  readonly clearButton: Locator;
  readonly dialog: Locator;
  readonly runStatus: Locator;

  constructor(readonly fieldsPage: FieldsPage) {
    this.page = fieldsPage.page;
    this.bar = this.page.getByRole('group', { name: 'Selected fields' });
    this.count = this.bar.getByRole('status');
    this.pageCheckbox = fieldsPage.table.getByRole('checkbox', {
      name: 'Select all fields on this page',
    });
    this.lockButton = this.bar.getByRole('button', { name: 'Lock selected', exact: true });
    this.unlockButton = this.bar.getByRole('button', { name: 'Unlock selected', exact: true });
    this.clearButton = this.bar.getByRole('button', { name: 'Clear selection' });
    this.dialog = this.page.getByRole('dialog');
    this.runStatus = this.dialog.getByRole('status');
  }

  /** The id of the field in a rendered row, counted from 0. */
  async idOfRow(index: number): Promise<number> {
    const href = await this.fieldsPage.rows.nth(index).getByRole('link').getAttribute('href');
    return Number(/\/fields\/(\d+)/.exec(href ?? '')?.[1]);
  }

  rowCheckbox(id: number) {
    return this.fieldsPage.row(id).getByRole('checkbox');
  }

  selectAllMatchingButton() {
    return this.bar.getByRole('button', { name: /^Select all .* matching$/ });
  }

  /** Opens the dry run of a lock (true) or unlock (false) of the selection. */
  async open(locked: boolean) {
    await (locked ? this.lockButton : this.unlockButton).click();
    await this.dialog.waitFor();
  }

  /** The dialog's button that confirms the dry run and starts the change set. */
  confirmButton(locked: boolean) {
    return this.dialog.getByRole('button', { name: locked ? 'Lock' : 'Unlock', exact: true });
  }

  closeButton() {
    return this.dialog.getByRole('button', { name: 'Close', exact: true }).last();
  }
}
