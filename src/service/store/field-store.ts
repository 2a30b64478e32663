import type { CalculatedField } from '../../contract/field';
import type { NormalizedSearchRequest } from '../../contract/search-validation';
import type { Statistics } from '../../contract/statistics';
import type { CreateRequest, UpdateRequest } from '../../contract/template-writes';
import type { StoredFieldFacts } from '../fields/derive-fields';
import type { WriteOutcome } from '../fields/write-outcome';
import type { PreparedImport } from './prepared-import';
import type { SearchPage } from './search-page';

/**
 * What routes need from storage. Routes depend on this interface only, so another
 * database, or an index in front of this one, can answer without touching them.
 */
export interface FieldStore {
  search(request: NormalizedSearchRequest): SearchPage;
  getField(id: number): CalculatedField | undefined;
  /** Sets the lock flag; `lastModified` moves to `now` only when the flag really changes. */
  setLocked(id: number, locked: boolean, now: number): CalculatedField | undefined;
  /**
   * The same for many fields in one transaction: each field as setLocked answers it,
   * in the order of `ids` (undefined for an id no field has).
   */
  setLockedMany(
    ids: readonly number[],
    locked: boolean,
    now: number,
  ): Array<CalculatedField | undefined>;
  /**
   * Updates one field (docs/api.md, "Update a field"), in one transaction: the field,
   * and every field whose derived state moves with it. A refusal changes nothing.
   */
  updateField(id: number, request: UpdateRequest, now: number): WriteOutcome;
  /**
   * What updateField would make of `current`, derived the same way, writing nothing
   * (the journal's dry run).
   */
  previewUpdate(current: CalculatedField, request: UpdateRequest, now: number): WriteOutcome;
  /** Creates a field with the next id, in one transaction. */
  createField(request: CreateRequest, now: number): WriteOutcome;
  /**
   * Writes a deleted field again as it was recorded, same id (an undone delete),
   * in one transaction; refused when its id is taken.
   */
  restoreField(recorded: CalculatedField): WriteOutcome;
  /** Deletes an unlocked field; the fields that nested it are derived again. */
  deleteField(id: number): WriteOutcome;
  statistics(): Statistics;
  /** Reads what import validation needs to know about records already stored. */
  importContext(): ImportContext;
  /** Writes a validated import in one transaction. */
  applyImport(prepared: PreparedImport): void;
}

export interface ImportContext {
  ownerIds: ReadonlySet<number>;
  /** Data source id -> its column names. */
  dataSourceColumns: ReadonlyMap<string, readonly string[]>;
  /** Card id -> its data source id. */
  cardDataSources: ReadonlyMap<string, string>;
  lockedFieldIds: ReadonlySet<number>;
  /** Field id -> legacyId, so a re-import keeps the id assigned once. */
  legacyIds: ReadonlyMap<number, string>;
  /** Every stored field, for the references between fields an import can change. */
  fields: readonly StoredFieldFacts[];
}
