import type { DirectoryKind, DirectoryResponse } from '../../../contract/directory';
import { DIRECTORY_LIMIT_MAX } from '../../../contract/directory';
import type { InstanceDirectory } from '../findings/instance-directory';

/** One page of one kind of the directory (GET /functions/directory?list=...); undefined when there is none. */
export type DirectoryPage = (
  kind: DirectoryKind,
  offset: number,
  limit: number,
) => Promise<DirectoryResponse | undefined> | DirectoryResponse | undefined;

/**
 * Every owner, data source and card the directory extension names, page by page.
 * Undefined when the instance does not offer the extension (a real instance).
 */
export async function readWholeDirectory(
  page: DirectoryPage,
): Promise<InstanceDirectory | undefined> {
  const all = async <T>(kind: DirectoryKind, pick: (answer: DirectoryResponse) => T[]) => {
    const entries: T[] = [];
    for (let offset = 0; ; offset += DIRECTORY_LIMIT_MAX) {
      const answer = await page(kind, offset, DIRECTORY_LIMIT_MAX);
      if (!answer) return undefined;
      entries.push(...pick(answer));
      if (!answer.hasMore || pick(answer).length === 0) return entries;
    }
  };
  const owners = await all('owners', (answer) => answer.owners);
  if (!owners) return undefined;
  const dataSources = (await all('dataSources', (answer) => answer.dataSources)) ?? [];
  const cards = (await all('cards', (answer) => answer.cards)) ?? [];
  return {
    owners: new Map(owners.map((owner) => [owner.id, owner.name])),
    dataSources: new Map(
      dataSources.map((source) => [source.id, { name: source.name, columns: source.columns }]),
    ),
    cards: new Map(
      cards.map((card) => [card.id, { title: card.title, dataSourceId: card.dataSourceId }]),
    ),
  };
}
