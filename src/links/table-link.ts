import { createSerializer } from 'nuqs';
import { tableAddress, tableUrlKeys } from './table-address';
import type { TableView } from './table-address';

const serializeView = createSerializer(tableAddress, { urlKeys: tableUrlKeys });

/**
 * A link to the fields table showing `view`: what is left out takes its default (all
 * fields but variables, by name, first page), and defaults are left out of the link.
 */
export function fieldsTableLink(view: Partial<TableView>): string {
  return serializeView('/fields', view);
}
