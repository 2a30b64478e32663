import type { CalculatedField } from '../../contract/field';
import { linkStateOf, linkSummaryOf } from '../../contract/link-summary';
import type { FlagBit } from './index/index-columns';

/** The stored 0/1 columns of a field, as the table and the search index hold them. */
export function flagsOf(field: CalculatedField): Record<FlagBit, boolean> {
  const summary = linkSummaryOf(field.links.map(linkStateOf));
  return {
    locked: field.locked,
    archived: field.archived,
    global: field.global,
    variable: field.variable,
    hidden: field.hidden,
    aggregated: field.aggregated,
    has_invalid_link: summary.brokenLink,
    has_active_link: summary.active,
    has_visible_data_source: summary.onDataSource,
    has_active_card: summary.inVisualization,
  };
}
