import type { CalculatedField } from '../../contract/field';
import type { NormalizedSearchRequest } from '../../contract/search-validation';
import type { Statistics } from '../../contract/statistics';
import type { FieldStore, ImportContext } from './field-store';
import { FieldIndex } from './index/field-index';
import type { PreparedImport } from './prepared-import';
import type { SearchPage } from './search-page';
import type { SqliteFieldStore } from './sqlite/sqlite-field-store';

/**
 * SQLite holds the fields; an in-memory index answers searches and statistics,
 * and the results it finds are read once from SQLite and kept as JSON text.
 * Every write goes to SQLite first and then to the index. A write by another
 * process (an import while the server runs) is noticed through SQLite's
 * data_version, and the index is built again.
 */
export class IndexedFieldStore implements FieldStore {
  private index: FieldIndex;
  private indexedVersion: number;
  /** Search results already read, as JSON, by field id. */
  private readonly json = new Map<number, string>();

  constructor(private readonly sqlite: SqliteFieldStore) {
    this.indexedVersion = sqlite.dataVersion();
    this.index = new FieldIndex(sqlite.loadIndexColumns());
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
    const field = this.sqlite.setLocked(id, locked, now);
    if (field && !this.current().applyLock(id, field.locked, field.lastModified)) this.rebuild();
    this.json.delete(id);
    return field;
  }

  importContext(): ImportContext {
    return this.sqlite.importContext();
  }

  applyImport(prepared: PreparedImport): void {
    this.sqlite.applyImport(prepared);
    this.rebuild();
  }

  private current(): FieldIndex {
    if (this.sqlite.dataVersion() !== this.indexedVersion) this.rebuild();
    return this.index;
  }

  /** Search results as JSON, read from SQLite the first time each is asked for. */
  private resultsJson(ids: number[]): string[] {
    const missing = ids.filter((id) => !this.json.has(id));
    if (missing.length > 0) {
      for (const [id, json] of this.sqlite.searchJson(missing)) this.json.set(id, json);
    }
    return ids.map((id) => this.json.get(id)!);
  }

  private rebuild(): void {
    this.json.clear();
    this.indexedVersion = this.sqlite.dataVersion();
    this.index = new FieldIndex(this.sqlite.loadIndexColumns());
  }
}
