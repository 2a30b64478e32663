import type { CalculatedField } from '../../contract/field';
import type { NormalizedSearchRequest } from '../../contract/search-validation';
import type { Statistics } from '../../contract/statistics';
import type { CreateRequest, UpdateRequest } from '../../contract/template-writes';
import type { WriteOutcome } from '../fields/write-outcome';
import type { FieldStore, ImportContext } from './field-store';
import type { FieldIndexParts } from './index/field-index';
import { FieldIndex } from './index/field-index';
import type { PreparedImport } from './prepared-import';
import { RowJsonCache } from './row-json-cache';
import { readSavedIndex } from './saved-index';
import type { SearchPage } from './search-page';
import type { SqliteFieldStore } from './sqlite/sqlite-field-store';

/** An index saved when the store last closed, usable while nothing is written. */
export interface SavedIndex {
  indexFile: string;
  /** The store file's stamp it was saved with, which the store still had on opening. */
  stamp: string;
}

/**
 * SQLite holds the fields; an in-memory index answers searches and statistics,
 * and the results it finds are read once from SQLite and kept as JSON text.
 * Every write goes to SQLite first and then to the index. A write by another
 * process (an import while the server runs) is noticed through SQLite's
 * data_version, and the index is built again.
 *
 * The index is made when first needed (a command that only adds a token never
 * makes it): read from the index saved when the store last closed, if nothing
 * was written since, else built from SQLite.
 */
export class IndexedFieldStore implements FieldStore {
  private index: FieldIndex | undefined;
  private indexedVersion = 0;
  /** Search results already read, as JSON, by field id. */
  private readonly json: RowJsonCache;
  private readonly openedVersion: number;
  /** The stamp of the saved index the index was read from, while nothing has been written. */
  private readFromStamp: string | undefined;

  constructor(
    private readonly sqlite: SqliteFieldStore,
    private saved?: SavedIndex,
    cachedRows?: number,
  ) {
    this.openedVersion = sqlite.dataVersion();
    this.json = new RowJsonCache(cachedRows);
  }

  search(request: NormalizedSearchRequest): SearchPage {
    const { totalHits, hasMore, ids } = this.current().search(request);
    return { totalHits, hasMore, degraded: false, results: this.resultsJson(ids) };
  }

  statistics(): Statistics {
    return this.current().statistics();
  }

  getField(id: number): CalculatedField | undefined {
    return this.sqlite.getField(id);
  }

  setLocked(id: number, locked: boolean, now: number): CalculatedField | undefined {
    return this.setLockedMany([id], locked, now)[0];
  }

  setLockedMany(
    ids: readonly number[],
    locked: boolean,
    now: number,
  ): Array<CalculatedField | undefined> {
    const index = this.current();
    this.readFromStamp = undefined;
    const fields = this.sqlite.setLockedMany(ids, locked, now);
    let inStep = true;
    for (const field of fields) {
      if (!field) continue;
      inStep &&= index.applyLock(field.id, field.locked, field.lastModified);
      this.json.delete(field.id);
    }
    if (!inStep) this.rebuild();
    return fields;
  }

  updateField(id: number, request: UpdateRequest, now: number): WriteOutcome {
    return this.follow(() => this.sqlite.updateField(id, request, now));
  }

  createField(request: CreateRequest, now: number): WriteOutcome {
    return this.follow(() => this.sqlite.createField(request, now));
  }

  deleteField(id: number): WriteOutcome {
    return this.follow(() => this.sqlite.deleteField(id));
  }

  importContext(): ImportContext {
    return this.sqlite.importContext();
  }

  applyImport(prepared: PreparedImport): void {
    this.saved = undefined;
    this.readFromStamp = undefined;
    this.sqlite.applyImport(prepared);
    this.rebuild();
  }

  /**
   * What to save when the store closes: the index, if one is made, in step with
   * SQLite, and not just read from a saved file that still holds it.
   */
  partsToSave(): FieldIndexParts | undefined {
    if (!this.index || this.sqlite.dataVersion() !== this.indexedVersion) return undefined;
    if (this.readFromStamp !== undefined) return undefined;
    return this.index.parts();
  }

  /**
   * Runs a write and keeps the index in step: a change that keeps every field in its
   * place (its name, links and references) moves the field within the index; any
   * other (a new or deleted field, a rename, references that moved) has the index
   * built again when next needed, so a bulk call builds it once.
   */
  private follow(write: () => WriteOutcome): WriteOutcome {
    const outcome = write();
    if (outcome.kind !== 'written') return outcome;
    this.readFromStamp = undefined;
    for (const { before, after } of outcome.changes) this.json.delete((before ?? after)!.id);
    // An index not built yet, or behind another process's writes, is built when next needed.
    const index = this.sqlite.dataVersion() === this.indexedVersion ? this.index : undefined;
    const inStep =
      index !== undefined &&
      !outcome.referencesChanged &&
      outcome.changes.every(
        ({ before, after }) => before && after && index.applyChange(before, after),
      );
    if (!inStep) {
      // Neither does the saved index hold the store any longer.
      this.saved = undefined;
      this.index = undefined;
    }
    return outcome;
  }

  private current(): FieldIndex {
    if (!this.index || this.sqlite.dataVersion() !== this.indexedVersion) this.rebuild();
    return this.index!;
  }

  /** Search results as JSON, read from SQLite when not cached. */
  private resultsJson(ids: number[]): string[] {
    const results = ids.map((id) => this.json.get(id));
    const missing = ids.filter((_, i) => results[i] === undefined);
    if (missing.length === 0) return results as string[];
    const read = new Map(this.sqlite.searchJson(missing));
    for (const [id, json] of read) this.json.set(id, json);
    return ids.map((id, i) => results[i] ?? read.get(id)!);
  }

  private rebuild(): void {
    this.json.clear();
    this.indexedVersion = this.sqlite.dataVersion();
    const saved = this.savedParts();
    this.readFromStamp = saved ? this.saved?.stamp : undefined;
    this.saved = undefined;
    this.index = new FieldIndex(saved ?? this.sqlite.loadIndexColumns());
  }

  /** The saved index, if no one has written to the store since it opened. */
  private savedParts(): FieldIndexParts | undefined {
    const { saved } = this;
    if (!saved || this.indexedVersion !== this.openedVersion) return undefined;
    return readSavedIndex(saved.indexFile, saved.stamp);
  }
}
