/**
 * Search results already read from SQLite, as JSON text by field id, at most
 * `capacity` of them: the longest held goes first. Without a bound, paging through
 * every field (the audit's scan does, as a script may) kept every row: about
 * 600 MB at 1,000,000 fields. 100,000 rows is about 60 MB, and holds every row of
 * an instance of that size.
 *
 * A read does not keep a row longer: moving it to the back of the Map on every
 * read cost about 1.3 ms per 5,000-row page, and a row let go too early is read
 * again from SQLite for about 8 µs.
 */
export class RowJsonCache {
  private readonly rows = new Map<number, string>();

  constructor(readonly capacity = 100_000) {}

  get size(): number {
    return this.rows.size;
  }

  get(id: number): string | undefined {
    return this.rows.get(id);
  }

  set(id: number, json: string): void {
    this.rows.delete(id);
    this.rows.set(id, json);
    // A Map keeps insertion order: its first key is the longest held.
    if (this.rows.size > this.capacity) this.rows.delete(this.rows.keys().next().value!);
  }

  delete(id: number): void {
    this.rows.delete(id);
  }

  clear(): void {
    this.rows.clear();
  }
}
