import type { Locator, Page } from '@playwright/test';

/** The detail drawer of /fields/:id. */
export class FieldDrawer {
  readonly dialog: Locator;
  readonly expression: Locator;
  readonly highlightedColumns: Locator;
  readonly lockSwitch: Locator;

  constructor(readonly page: Page) {
    this.dialog = page.getByRole('dialog');
    this.expression = this.dialog.getByTestId('expression');
    this.highlightedColumns = this.expression.locator('[data-column]');
    this.lockSwitch = this.dialog.getByRole('switch', { name: 'Locked' });
  }

  section(name: string) {
    return this.dialog.getByRole('region', { name });
  }

  toggleLock() {
    return this.lockSwitch.click({ force: true });
  }

  /** The button of a backtick name (with its backticks) in the References list. */
  referenceButton(reference: string) {
    return this.section('References').getByRole('button', {
      name: `${reference}, show its next use`,
      exact: true,
    });
  }
}
