import type { CalculatedField } from '../../contract/field';
import { isBrokenLink } from '../../contract/field';
import type { FlagBit } from './index/index-columns';

/** The stored 0/1 columns of a field, as the table and the search index hold them. */
export function flagsOf(field: CalculatedField): Record<FlagBit, boolean> {
  const { links } = field;
  return {
    locked: field.locked,
    archived: field.archived,
    global: field.global,
    variable: field.variable,
    hidden: field.hidden,
    aggregated: field.aggregated,
    has_invalid_link: links.some(isBrokenLink),
    has_active_link: links.some((link) => link.active),
    has_visible_data_source: links.some(
      (link) => link.resource.type === 'DATA_SOURCE' && link.visible,
    ),
    has_active_card: links.some((link) => link.resource.type === 'CARD' && link.active),
  };
}
