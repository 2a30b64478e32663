import { setImmediate } from 'node:timers/promises';
import { storeIdentity } from '../../store/saved-index';
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
 * would give. Given where the last complete scan's listing stood in the store's field
 * revisions (store/sqlite/field-revisions.ts), a field not changed since is listed by
 * its id alone: at 1,000,000 fields, parsing and hashing every search result was most
 * of the listing.
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
  /** The revision the last complete scan's listing started at, when it is this store's. */
  private unchangedUpTo: number | undefined;

  constructor(readonly storeFile: string) {}

  /**
   * Marks are this store's identity (its id, and the file's device and inode: a copy
   * of the file goes its own way) and a revision. A mark of another store, or ahead of
   * this one (a store put back from a backup), lists every field in full.
   */
  async startListing(since: string | undefined): Promise<string | undefined> {
    const now = this.open().revision();
    this.unchangedUpTo = undefined;
    if (now === undefined) return undefined;
    const identity = storeIdentity(this.storeFile, now.storeId);
    const [sinceIdentity, sinceRevision] = splitMark(since);
    if (sinceIdentity === identity && sinceRevision <= now.revision)
      this.unchangedUpTo = sinceRevision;
    return `${identity}@${now.revision}`;
  }

  async listPage(offset: number, signal: AbortSignal): Promise<ListedPage> {
    signal.throwIfAborted();
    const page = this.pageAt(offset);
    this.counted = page.total ?? this.counted;
    this.last = { offset, ids: page.rows.map(([id]) => id) };
    // A turn between pages, in which the thread hears a cancel.
    await setImmediate();
    const listedTo = offset + page.rows.length;
    const unchanged = page.rows.flatMap(([id, json]) => (json === undefined ? [id] : []));
    return {
      // After the last page, what was listed. Before it, the count, or more when fields
      // went since the listing started: the listing ends where the rows end.
      totalHits: page.more ? Math.max(this.counted, listedTo + 1) : listedTo,
      items: page.rows.map(([id, json]) =>
        json === undefined ? { id } : (JSON.parse(json) as unknown),
      ),
      ...(unchanged.length > 0 && { unchanged }),
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
      : reader.pageAfter(afterId, this.pageSize, !goesOn, this.unchangedUpTo);
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

/** A mark's identity and revision; a revision no store has when there is no mark. */
function splitMark(mark: string | undefined): [string, number] {
  const at = mark?.lastIndexOf('@') ?? -1;
  if (mark === undefined || at < 0) return ['', Number.POSITIVE_INFINITY];
  const revision = Number(mark.slice(at + 1));
  return [mark.slice(0, at), Number.isSafeInteger(revision) ? revision : Number.POSITIVE_INFINITY];
}
