/**
 * Search results already read from SQLite, as JSON text by field id, the most
 * recently used kept up to `capacity`. Without a bound, paging through every field
 * (the audit's scan does, as a script may) kept every row: about 600 MB at
 * 1,000,000 fields. 100,000 rows is about 60 MB, and holds every row of an
 * instance of that size.
 */
export class RowJsonCache {
  private readonly rows = new Map<number, string>();

  constructor(readonly capacity = 100_000) {}

  get size(): number {
    return this.rows.size;
  }

  get(id: number): string | undefined {
    const json = this.rows.get(id);
    if (json !== undefined) {
      // A Map keeps insertion order: moved to the end, it is the last to go.
      this.rows.delete(id);
      this.rows.set(id, json);
    }
    return json;
  }

  set(id: number, json: string): void {
    this.rows.delete(id);
    this.rows.set(id, json);
    if (this.rows.size > this.capacity) this.rows.delete(this.rows.keys().next().value!);
  }

  delete(id: number): void {
    this.rows.delete(id);
  }

  clear(): void {
    this.rows.clear();
  }
}
