import type { CardName, DataSourceName, UserName } from '../../contract/names';
import { NAME_IDS_MAX, namePaths } from '../../contract/name-paths';
import { isApiError } from '../api-error';
import { requestJson } from '../http-client';

/** Names the instance answered, by id; an id it did not answer is not in its map. */
export interface InstanceNames {
  users: Map<number, UserName>;
  dataSources: Map<string, DataSourceName>;
  cards: Map<string, CardName>;
}

/** Loaded with the first answer: the table's first screen loads no zod (http-client.ts). */
const loadSchemas = () => import('../../contract/names');

function chunks<T>(ids: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < ids.length; start += NAME_IDS_MAX)
    result.push(ids.slice(start, start + NAME_IDS_MAX));
  return result;
}

/** An instance without the endpoint (404, 405) names nothing of that kind: ids are shown. */
async function unlessMissing<T>(ask: () => Promise<T[]>): Promise<T[]> {
  try {
    return await ask();
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 405)) return [];
    throw error;
  }
}

/**
 * Names from production's name endpoints (docs/api.md, "Names"), which this
 * project's service answers too: the same requests in embedded and proxy mode, at
 * most 100 ids a call.
 */
export async function lookupNames(
  ids: { owners: readonly number[]; dataSources: readonly string[]; cards: readonly string[] },
  signal?: AbortSignal,
): Promise<InstanceNames> {
  const [users, dataSources, cards] = await Promise.all([
    Promise.all(
      chunks(ids.owners).map((part) =>
        unlessMissing(() =>
          requestJson(
            `${namePaths.users}?${new URLSearchParams({ id: part.join(','), includeDetails: 'true' })}`,
            () => loadSchemas().then(({ usersAnswerSchema }) => usersAnswerSchema),
            { signal },
          ),
        ),
      ),
    ),
    Promise.all(
      chunks(ids.dataSources).map((part) =>
        unlessMissing(() =>
          requestJson(
            `${namePaths.dataSources}?part=core`,
            () => loadSchemas().then(({ dataSourcesAnswerSchema }) => dataSourcesAnswerSchema),
            {
              method: 'POST',
              body: part,
              signal,
            },
          ),
        ),
      ),
    ),
    Promise.all(
      chunks(ids.cards).map((part) =>
        unlessMissing(() =>
          requestJson(
            `${namePaths.cards}?${new URLSearchParams({ urns: part.join(','), parts: 'metadata' })}`,
            () => loadSchemas().then(({ cardsAnswerSchema }) => cardsAnswerSchema),
            { signal },
          ),
        ),
      ),
    ),
  ]);
  return {
    users: new Map(users.flat().map((user) => [user.id, user])),
    dataSources: new Map(dataSources.flat().map((source) => [source.id, source])),
    cards: new Map(cards.flat().map((card) => [card.id, card])),
  };
}
