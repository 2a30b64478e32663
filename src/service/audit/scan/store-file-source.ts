import { setImmediate } from 'node:timers/promises';
import type { StoredPage } from '../../store/sqlite/store-file-reader';
import { StoreFileReader } from '../../store/sqlite/store-file-reader';
import type { FieldSource, ListedPage } from './field-source';
import { readsTogether } from './reads-together';

/** Fields read in one query of the file. */
const READ_TOGETHER = 50;

/**
 * The embedded store as a scan reads it: its SQLite file, through a read-only
 * connection of the thread that scans (the audit's worker), so the thread that
 * answers requests is asked for nothing. The file is opened at the first read and
 * closed by `close`. Fields are listed in id order, as their stored search results:
 * the very JSON a search answers, so each listed field's digest is the one a search
 * would give.
 */
export class StoreFileSource implements FieldSource {
  /** Each page is one read transaction: 1,000 rows take a few milliseconds. */
  readonly pageSize = 1000;
  readonly concurrency = READ_TOGETHER;
  readonly counters = { requests: 0, retries: 0 };
  private reader: StoreFileReader | undefined;
  /** The last page listed: the next starts within it (list-every-field.ts lists its last id again). */
  private last = { offset: 0, ids: [] as number[] };
  /**
   * The fields counted as a pass of the listing began: counting every page took twice
   * as long as reading it at 1,000,000 fields, and the listing ends where the rows end.
   */
  private counted = 0;
  private readonly read = readsTogether((ids) => this.open().fields(ids));

  constructor(readonly storeFile: string) {}

  async listPage(offset: number, signal: AbortSignal): Promise<ListedPage> {
    signal.throwIfAborted();
    const page = this.pageAt(offset);
    this.counted = page.total ?? this.counted;
    this.last = { offset, ids: page.rows.map(([id]) => id) };
    // A turn between pages, in which the thread hears a cancel.
    await setImmediate();
    const listedTo = offset + page.rows.length;
    return {
      // After the last page, what was listed. Before it, the count, or more when fields
      // went since the listing started: the listing ends where the rows end.
      totalHits: page.more ? Math.max(this.counted, listedTo + 1) : listedTo,
      items: page.rows.map(([, json]) => JSON.parse(json) as unknown),
    };
  }

  /**
   * The page at this position, read after the id before it: a field that goes while
   * the listing runs moves no other. The id before is the last page's, as asked in
   * practice; any other position is found by counting, and the fields counted again.
   */
  private pageAt(offset: number): StoredPage {
    const reader = this.open();
    const { last } = this;
    const before = offset - 1 - last.offset;
    // A pass goes on from the last page; any other page begins one, and counts again.
    const goesOn = offset > 0 && before >= 0 && before < last.ids.length;
    const afterId = offset === 0 ? 0 : goesOn ? last.ids[before] : reader.idAt(offset - 1);
    return afterId === undefined
      ? { rows: [], more: false, total: offset }
      : reader.pageAfter(afterId, this.pageSize, !goesOn);
  }

  listingKey(item: unknown): unknown {
    return (item as { id?: unknown } | null)?.id;
  }

  readField(id: number, signal: AbortSignal): Promise<unknown> {
    signal.throwIfAborted();
    return this.read(id);
  }

  close(): void {
    this.reader?.close();
    this.reader = undefined;
  }

  private open(): StoreFileReader {
    return (this.reader ??= new StoreFileReader(this.storeFile));
  }
}
