import { isBrokenLink } from './field-status';
import type { Link } from './field';

/** A link as its field's summary reads it: the resource's type and the link's state. */
export interface LinkState {
  type: string;
  visible: boolean;
  active: boolean;
  valid: string;
}

/**
 * What a field's links say of it: the one rule behind the search filters
 * `invalidlink`, `active`, `ondataset` and `invisualization` (and so the statistics),
 * in the store and in the proxy's copy alike, and the audit's unused rule.
 */
export interface LinkSummary {
  /** A link whose validity is anything but VALID. */
  brokenLink: boolean;
  /** An active link of any kind. */
  active: boolean;
  /** A visible data-source link. */
  onDataSource: boolean;
  /** An active card link. */
  inVisualization: boolean;
}

export function linkStateOf(link: Link): LinkState {
  return {
    type: link.resource.type,
    visible: link.visible,
    active: link.active,
    valid: link.valid,
  };
}

export function linkSummaryOf(links: readonly LinkState[]): LinkSummary {
  return {
    brokenLink: links.some(isBrokenLink),
    active: links.some((link) => link.active),
    onDataSource: links.some((link) => link.type === 'DATA_SOURCE' && link.visible),
    inVisualization: links.some((link) => putsInVisualization(link.type, link.active)),
  };
}

/** Whether a link puts its field in a visualization (`inVisualization`): an active card link. */
export function putsInVisualization(type: string, active: boolean): boolean {
  return type === 'CARD' && active;
}

/**
 * Where a field is saved: the data source of its visible data-source link (as
 * `onDataSource` reads it), else the first card it links (saved on a card; its
 * data-source link, if any, is not visible); undefined when neither.
 */
export function savedOn(
  links: ReadonlyArray<{ type: string; id: string; visible: boolean }>,
): { type: 'DATA_SOURCE' | 'CARD'; id: string } | undefined {
  const dataSource = links.find((link) => link.type === 'DATA_SOURCE' && link.visible);
  if (dataSource) return { type: 'DATA_SOURCE', id: dataSource.id };
  const card = links.find((link) => link.type === 'CARD');
  return card && { type: 'CARD', id: card.id };
}
