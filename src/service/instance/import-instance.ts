import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { formatIssuePath } from '../../contract/zod-issues';
import { preview } from '../../contract/preview';
import type { AuthoredField, CycleNote } from '../fields/derive-fields';
import { deriveFields } from '../fields/derive-fields';
import { MAX_JSON_NESTING, valueNestsDeeperThan } from '../json-safety';
import type { FieldStore, ImportContext } from '../store/field-store';
import type { PreparedImport } from '../store/prepared-import';
import type { CardRecord, DataSourceRecord, FieldRecord, OwnerRecord } from './instance-file';
import {
  cardRecordSchema,
  dataSourceRecordSchema,
  fieldRecordSchema,
  instanceFileSchema,
  ownerRecordSchema,
} from './instance-file';

/** One record the import refused, and why. */
export interface ImportRefusal {
  /** Names the record, e.g. `fields[12] (id 13)`. */
  record: string;
  problem: string;
}

export interface ImportReport {
  imported: { owners: number; dataSources: number; cards: number; fields: number };
  refusals: ImportRefusal[];
  /** Every field, imported or already stored, that is INVALID because of a reference cycle. */
  cycles: CycleNote[];
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const where = formatIssuePath(issue.path);
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

function recordName(collection: string, index: number, raw: unknown): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return id === undefined
    ? `${collection}[${index}]`
    : `${collection}[${index}] (id ${preview(id, 40)})`;
}

/** Parses each record of one collection, refusing those that do not fit its schema or repeat an id. */
function parseRecords<T extends { id: number | string }>(
  collection: string,
  raws: readonly unknown[],
  schema: z.ZodType<T>,
  refusals: ImportRefusal[],
): Array<{ record: T; name: string }> {
  const seen = new Set<number | string>();
  const parsed: Array<{ record: T; name: string }> = [];
  raws.forEach((raw, index) => {
    const name = recordName(collection, index, raw);
    if (valueNestsDeeperThan(raw)) {
      refusals.push({
        record: name,
        problem: `it nests arrays and objects more than ${MAX_JSON_NESTING} levels deep`,
      });
      return;
    }
    const result = schema.safeParse(raw);
    if (!result.success) {
      refusals.push({ record: name, problem: describeIssues(result.error.issues) });
    } else if (seen.has(result.data.id)) {
      refusals.push({
        record: name,
        problem: `the id ${JSON.stringify(result.data.id)} appears twice in ${collection}`,
      });
    } else {
      seen.add(result.data.id);
      parsed.push({ record: result.data, name });
    }
  });
  return parsed;
}

/**
 * Validates every record of an instance file against the file and the store, and
 * derives what the service computes from each expression. Nothing is written here.
 */
export function prepareImport(
  raw: unknown,
  context: ImportContext,
  now: number,
): { prepared: PreparedImport; refusals: ImportRefusal[]; cycles: CycleNote[] } {
  const refusals: ImportRefusal[] = [];
  const empty: PreparedImport = { owners: [], dataSources: [], cards: [], fields: [], updates: [] };
  const file = instanceFileSchema.safeParse(raw);
  if (!file.success) {
    return {
      prepared: empty,
      refusals: [{ record: 'the file', problem: describeIssues(file.error.issues) }],
      cycles: [],
    };
  }
  const owners = parseRecords<OwnerRecord>('owners', file.data.owners, ownerRecordSchema, refusals);
  const dataSources = parseRecords<DataSourceRecord>(
    'dataSources',
    file.data.dataSources,
    dataSourceRecordSchema,
    refusals,
  );
  const cards = parseRecords<CardRecord>('cards', file.data.cards, cardRecordSchema, refusals);
  const fields = parseRecords<FieldRecord>(
    'fields',
    file.data.fields,
    fieldRecordSchema as z.ZodType<FieldRecord>,
    refusals,
  );

  const ownerIds = new Set([...context.ownerIds, ...owners.map(({ record }) => record.id)]);
  const columnsBySource = new Map(context.dataSourceColumns);
  for (const { record } of dataSources) columnsBySource.set(record.id, record.columns);
  const sourceByCard = new Map(context.cardDataSources);
  for (const { record, name } of cards) {
    if (!columnsBySource.has(record.dataSourceId)) {
      refusals.push({
        record: name,
        problem: `its data source ${record.dataSourceId} is neither in the file nor in the store`,
      });
    }
    sourceByCard.set(record.id, record.dataSourceId);
  }
  const legacyIdOwners = new Map([...context.legacyIds].map(([id, legacyId]) => [legacyId, id]));

  const authored: AuthoredField[] = [];
  for (const { record, name } of fields) {
    const problems: string[] = [];
    if (context.lockedFieldIds.has(record.id)) {
      problems.push(
        `field ${record.id} is locked in the store and cannot be altered; unlock it first`,
      );
    }
    if (!ownerIds.has(record.owner)) {
      problems.push(`owner ${record.owner} is neither in the file's owners nor in the store`);
    }
    for (const link of record.links) {
      const known =
        link.type === 'DATA_SOURCE' ? columnsBySource.has(link.id) : sourceByCard.has(link.id);
      if (!known)
        problems.push(
          `its link to ${link.type} ${link.id} points at nothing in the file or the store`,
        );
    }
    const legacyId =
      record.legacyId ?? context.legacyIds.get(record.id) ?? `calculation_${randomUUID()}`;
    const holder = legacyIdOwners.get(legacyId);
    if (holder !== undefined && holder !== record.id) {
      problems.push(`legacyId ${legacyId} already belongs to field ${holder}`);
    }
    legacyIdOwners.set(legacyId, record.id);
    if (problems.length > 0) {
      refusals.push({ record: name, problem: problems.join('; ') });
      continue;
    }
    const created = record.created ?? now;
    authored.push({
      ...record,
      legacyId,
      created,
      lastModified: Math.max(record.lastModified ?? now, created),
    });
  }

  // Fields in the file replace the stored ones with their ids; the rest stay, but
  // what they reference (and so their links and status) can change with the import.
  const importedIds = new Set(fields.map(({ record }) => record.id));
  const derivation = deriveFields(
    authored,
    context.fields.filter((field) => !importedIds.has(field.id)),
    { columnsBySource, sourceByCard },
  );
  return {
    prepared: {
      owners: owners.map(({ record }) => record),
      dataSources: dataSources.map(({ record }) => record),
      cards: cards.map(({ record }) => record),
      fields: derivation.fields,
      updates: derivation.updates,
    },
    refusals,
    cycles: derivation.cycles,
  };
}

/**
 * Imports an instance file all or nothing: when any record is refused, the store
 * is left as it was and every refusal is reported.
 */
export function importInstance(store: FieldStore, raw: unknown, now = Date.now()): ImportReport {
  const { prepared, refusals, cycles } = prepareImport(raw, store.importContext(), now);
  if (refusals.length > 0) {
    return { imported: { owners: 0, dataSources: 0, cards: 0, fields: 0 }, refusals, cycles: [] };
  }
  store.applyImport(prepared);
  return {
    imported: {
      owners: prepared.owners.length,
      dataSources: prepared.dataSources.length,
      cards: prepared.cards.length,
      fields: prepared.fields.length,
    },
    refusals: [],
    cycles,
  };
}
