import { test as base } from './fixtures';
import { BulkActions } from './bulk-actions';
import { ExportMenu } from './export-menu';

/** The shared fixtures plus the table's bulk actions and export menu. */
export const test = base.extend<{ bulk: BulkActions; exportMenu: ExportMenu }>({
  bulk: async ({ fieldsPage }, use) => use(new BulkActions(fieldsPage)),
  exportMenu: async ({ signedInPage }, use) => use(new ExportMenu(signedInPage)),
});

export { expect } from './fixtures';
