import type { QueryClient } from '@tanstack/react-query';
import { getFieldsFindings } from '../../../api/audit/fields-findings';
import type { GatherProgress } from '../../../api/calculated-fields/all-matches';
import { knownDetailRoute } from '../../../api/calculated-fields/detail-route';
import type { FieldDetail } from '../../../api/calculated-fields/get-field';
import { getField, isFieldNotFound } from '../../../api/calculated-fields/get-field';
import { directoryIds } from '../../../api/directory/directory-keys';
import { lookupDirectory } from '../../../api/directory/lookup-directory';
import type { SearchResultItem } from '../../../contract/field';
import { searchItemOf } from '../../../contract/field';
import type { ExportRecord } from './export-record';
import { exportRecordOf } from './export-record';

/** Detail reads in flight at once: a search result holds no expression, so each field is read. */
const READS_AT_ONCE = 6;

export interface ReadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: GatherProgress) => void;
}

/**
 * Each field's details, READS_AT_ONCE at a time, in no particular order; a field gone
 * meanwhile is left out. With `onlyWithDetails`, once the instance is known not to
 * offer details the fields left are not asked for: each would be looked for by a
 * search of its own, for nothing the search results did not already hold.
 */
async function readDetails(
  ids: readonly number[],
  client: QueryClient,
  { signal, onProgress }: ReadOptions,
  onlyWithDetails: boolean,
): Promise<Map<number, FieldDetail>> {
  const details = new Map<number, FieldDetail>();
  let next = 0;
  let done = 0;
  const reader = async () => {
    while (next < ids.length) {
      if (onlyWithDetails && knownDetailRoute(client) === 'missing') return;
      const id = ids[next++]!;
      try {
        details.set(id, await getField(id, client, signal));
      } catch (error) {
        if (!isFieldNotFound(error)) throw error;
      }
      done += 1;
      onProgress?.({ loaded: done, total: ids.length });
    }
  };
  await Promise.all(Array.from({ length: Math.min(READS_AT_ONCE, ids.length) }, reader));
  return details;
}

async function namesFor(
  fields: readonly SearchResultItem[],
  client: QueryClient,
  signal?: AbortSignal,
) {
  const ofType = (type: string) =>
    fields.flatMap((field) =>
      field.links.filter((link) => link.resource.type === type).map((link) => link.resource.id),
    );
  return lookupDirectory(
    directoryIds({
      owners: fields.map((field) => field.owner),
      dataSources: ofType('DATA_SOURCE'),
      cards: ofType('CARD'),
    }),
    client,
    signal,
  );
}

const expressionOf = (detail: FieldDetail | undefined) =>
  detail?.complete ? detail.field.expression : undefined;

/** Records of search results already gathered, in their order. */
export async function recordsOfMatches(
  fields: readonly SearchResultItem[],
  client: QueryClient,
  options: ReadOptions,
): Promise<ExportRecord[]> {
  const details = await readDetails(
    fields.map((field) => field.id),
    client,
    options,
    true,
  );
  return recordsOf(fields, details, client, options.signal);
}

/** Records of fields known by id only (a selection), in the order `order` puts them. */
export async function recordsOfIds(
  ids: readonly number[],
  order: (fields: readonly SearchResultItem[]) => SearchResultItem[],
  client: QueryClient,
  options: ReadOptions,
): Promise<ExportRecord[]> {
  const details = await readDetails(ids, client, options, false);
  const fields = order(
    [...details.values()].map((detail) =>
      detail.complete ? searchItemOf(detail.field) : detail.field,
    ),
  );
  return recordsOf(fields, details, client, options.signal);
}

/** The records of fields whose details were read: names and the audit's findings beside them. */
async function recordsOf(
  fields: readonly SearchResultItem[],
  details: ReadonlyMap<number, FieldDetail>,
  client: QueryClient,
  signal: AbortSignal | undefined,
): Promise<ExportRecord[]> {
  const names = await namesFor(fields, client, signal);
  const findings = await getFieldsFindings(
    fields.map((field) => field.id),
    signal,
  );
  return fields.map((field) =>
    exportRecordOf(field, expressionOf(details.get(field.id)), names, findings?.get(field.id)),
  );
}
