import type {
  CardName,
  DataSourceName,
  DirectoryNames,
} from '../../../api/directory/lookup-directory';
import type { Link } from '../../../contract/field';

export const DATA_SOURCE = 'DATA_SOURCE';
export const CARD = 'CARD';

/** A link with what the directory knows of it. */
export interface LinkSource {
  link: Link;
  /** The data source the link's references are checked against: itself, or its card's. */
  dataSourceId?: string;
  /** Set when the directory names that data source. */
  dataSource?: DataSourceName;
  /** Set for a card link the directory names. */
  card?: CardName;
}

export function linkSources(links: readonly Link[], names: DirectoryNames): LinkSource[] {
  return links.map((link) => {
    const { type, id } = link.resource;
    if (type === DATA_SOURCE)
      return { link, dataSourceId: id, dataSource: names.dataSources.get(id) };
    if (type !== CARD) return { link };
    const card = names.cards.get(id);
    if (!card) return { link };
    // Named by the instance, but which data source it is built on is not known.
    if (card.dataSourceId === undefined) return { link, card };
    return {
      link,
      card,
      dataSourceId: card.dataSourceId,
      dataSource: names.dataSources.get(card.dataSourceId),
    };
  });
}

/** A data source references are checked against; `columns` is undefined when not known. */
export interface CheckedSource {
  id: string;
  columns?: ReadonlySet<string>;
}

/**
 * Each data source the field's links stand for, once. Without the directory
 * only data-source links give one, and no columns are known.
 */
export function checkedSources(sources: readonly LinkSource[]): CheckedSource[] {
  const byId = new Map<string, CheckedSource>();
  for (const { dataSourceId, dataSource } of sources) {
    if (dataSourceId === undefined || byId.has(dataSourceId)) continue;
    byId.set(dataSourceId, {
      id: dataSourceId,
      columns: dataSource?.columns ? new Set(dataSource.columns) : undefined,
    });
  }
  return [...byId.values()];
}
