import type { CalculatedField } from '../../contract/field';
import type { NormalizedSearchRequest } from '../../contract/search-validation';
import type { Statistics } from '../../contract/statistics';
import type { CreateRequest, UpdateRequest } from '../../contract/template-writes';
import type { WriteOutcome } from '../fields/write-outcome';
import type { FieldStore, ImportContext } from './field-store';
import { FieldIndex } from './index/field-index';
import type { PreparedImport } from './prepared-import';
import { RowJsonCache } from './row-json-cache';
import type { SavedParts } from './saved-index';
import { SavedIndexKeeper } from './saved-index-keeper';
import type { SearchPage } from './search-page';
import type { SqliteFieldStore } from './sqlite/sqlite-field-store';

/**
 * SQLite holds the fields; an in-memory index answers searches and statistics,
 * and the results it finds are read once from SQLite and kept as JSON text.
 * Every write goes to SQLite first; the index then catches up with the store's
 * own count of changes (sqlite/index-changes.ts): locks it takes in place, any
 * other change has it built again. A write by another process (an import while
 * the server runs) is noticed through SQLite's data_version and caught up alike.
 *
 * The index is made when first needed (a command that only adds a token never
 * makes it): read from the saved index, when there is one for this store, and
 * caught up; else built from SQLite.
 */
export class IndexedFieldStore implements FieldStore {
  private index: FieldIndex | undefined;
  private indexedVersion = 0;
  /** The store's count of changes the index holds. */
  private indexedSeq = 0;
  /**
   * The saved index serves the first index only: one dropped after a write (follow)
   * is behind the store by more than locks, so reading the file again is wasted.
   */
  private savedIndexTried = false;
  /** Search results already read, as JSON, by field id. */
  private readonly json: RowJsonCache;
  private readonly saved: SavedIndexKeeper | undefined;

  constructor(
    private readonly sqlite: SqliteFieldStore,
    /** Where the index is saved (saved-index.ts), and the store identity it is saved with. */
    savedIndex?: { file: string; store: string },
    cachedRows?: number,
  ) {
    this.json = new RowJsonCache(cachedRows);
    this.saved =
      savedIndex && new SavedIndexKeeper(savedIndex.file, savedIndex.store, () => this.snapshot());
  }

  /**
   * Stops saving the index. With `saveIndex`, saves it now when the next start
   * could not catch up otherwise (saved-index-keeper.ts).
   */
  close(options: { saveIndex: boolean }): void {
    this.saved?.close(options);
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
    const fields = this.sqlite.setLockedMany(ids, locked, now);
    this.catchUp();
    return fields;
  }

  updateField(id: number, request: UpdateRequest, now: number): WriteOutcome {
    return this.follow(() => this.sqlite.updateField(id, request, now));
  }

  previewUpdate(current: CalculatedField, request: UpdateRequest, now: number): WriteOutcome {
    return this.sqlite.previewUpdate(current, request, now);
  }

  createField(request: CreateRequest, now: number): WriteOutcome {
    return this.follow(() => this.sqlite.createField(request, now));
  }

  restoreField(recorded: CalculatedField): WriteOutcome {
    return this.follow(() => this.sqlite.restoreField(recorded));
  }

  deleteField(id: number): WriteOutcome {
    return this.follow(() => this.sqlite.deleteField(id));
  }

  importContext(): ImportContext {
    return this.sqlite.importContext();
  }

  /** Builds the index after the import, so a command that imports leaves it saved. */
  applyImport(prepared: PreparedImport): void {
    this.sqlite.applyImport(prepared);
    this.catchUp();
  }

  /** The index as it is now and the count of changes it holds, to save. */
  snapshot(): SavedParts | undefined {
    return this.index && { parts: this.index.parts(), seq: this.indexedSeq };
  }

  /**
   * Runs a write and keeps the index in step: a change that keeps every field in its
   * place (its name, links and references) moves the field within the index, which
   * then holds the store's count after the write; any other (a new or deleted field, a
   * rename, references that moved) has the index built again when next needed, so a
   * bulk call builds it once. Only an index that held the store just before the write
   * can take it in place.
   */
  private follow(write: () => WriteOutcome): WriteOutcome {
    const seqBefore = this.sqlite.indexChangeSeq();
    const outcome = write();
    if (outcome.kind !== 'written') return outcome;
    for (const { before, after } of outcome.changes) this.json.delete((before ?? after)!.id);
    const heldStore =
      seqBefore === this.indexedSeq && this.sqlite.dataVersion() === this.indexedVersion;
    const index = heldStore ? this.index : undefined;
    const inStep =
      index !== undefined &&
      !outcome.referencesChanged &&
      outcome.changes.every(
        ({ before, after }) => before && after && index.applyChange(before, after),
      );
    if (!inStep) {
      this.index = undefined;
      return outcome;
    }
    this.indexedSeq = this.sqlite.indexChangeSeq();
    // Taken in place here, but not replayable from the store's lock list at a start.
    this.saved?.indexMoved(this.indexedSeq, false);
    return outcome;
  }

  private current(): FieldIndex {
    if (!this.index || this.sqlite.dataVersion() !== this.indexedVersion) this.catchUp();
    return this.index!;
  }

  /** Brings the index up to the store's changes: replayed in place when it can, else built again. */
  private catchUp(): void {
    // Read first, so that a commit while catching up is caught up next time.
    this.indexedVersion = this.sqlite.dataVersion();
    if (!this.index) return this.savedIndexTried ? this.build() : this.load();
    const changes = this.sqlite.indexChangesSince(this.indexedSeq);
    if (changes.rebuild || !this.index.applyLocks(changes.locks)) return this.build();
    for (const { id } of changes.locks) this.json.delete(id);
    this.indexedSeq = changes.seq;
    this.saved?.indexMoved(changes.seq, true);
  }

  private load(): void {
    this.savedIndexTried = true;
    const saved = this.saved?.read();
    if (!saved) return this.build();
    this.json.clear();
    this.index = new FieldIndex(saved.parts);
    this.indexedSeq = saved.seq;
    this.catchUp();
  }

  private build(): void {
    this.json.clear();
    const { columns, seq } = this.sqlite.loadIndex();
    this.index = new FieldIndex(columns);
    this.indexedSeq = seq;
    this.saved?.indexMoved(seq, false);
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
}
