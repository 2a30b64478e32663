import { readdirSync, rmSync } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SavedParts } from './saved-index';
import {
  headerBytes,
  packForSaving,
  readSavedIndex,
  saveIndex,
  temporaryFileOf,
} from './saved-index';
import { OffThreadSerializer } from './serialize-off-thread';

/** Locks replayed at start cost a pass over the index; this many are worth saving for. */
const CHANGES_BEFORE_SAVING = 10_000;
/** A burst of writes (an import, a bulk lock) settles before the index is saved. */
const SAVE_DELAY_MS = 1000;

/**
 * Keeps the index saved beside the store close to what the store holds, so that a
 * start after a crash or a kill replays a few changes instead of building the
 * index from SQLite. An index built from SQLite is saved soon after, and one that
 * took many changes in place; the file is written in the background, and closing
 * writes it only when the next start could not catch up from the saved one.
 */
export class SavedIndexKeeper {
  /** The store's count of changes the saved file holds, when there is one. */
  private savedSeq = -1;
  /** The count of the latest change a start could not replay from an older saved file. */
  private unreplayableSeq = -1;
  private heldSeq = -1;
  private timer: NodeJS.Timeout | undefined;
  private writing = false;
  private readonly serializer = new OffThreadSerializer();

  constructor(
    private readonly indexFile: string,
    /** The saved index's store identity (saved-index.ts). */
    private readonly store: string,
    /** The index as it is now, with the count it holds. */
    private readonly snapshot: () => SavedParts | undefined,
  ) {
    removeAbandonedFiles(indexFile);
  }

  /** The saved index, when it was saved for this store and is whole. */
  read(): SavedParts | undefined {
    const saved = readSavedIndex(this.indexFile, this.store);
    if (saved) this.savedSeq = saved.seq;
    return saved;
  }

  /**
   * The index now holds the store's changes up to `seq`; `replayable` unless it took
   * a change that a start replays only by building the index from SQLite (it was
   * built so itself, say).
   */
  indexMoved(seq: number, replayable: boolean): void {
    this.heldSeq = seq;
    if (!replayable) this.unreplayableSeq = seq;
    if (this.worthSaving()) this.schedule();
  }

  /**
   * Stops saving. With `saveIndex`, saves now (blocking) when the next start could
   * not catch up from the saved file: what a command that imported wants, not a
   * server that must stop at once.
   */
  close({ saveIndex: saveNow }: { saveIndex: boolean }): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.serializer.close();
    if (!saveNow || this.unreplayableSeq <= this.savedSeq) return;
    const saved = this.snapshot();
    if (saved) saveIndex(this.indexFile, saved, this.store);
  }

  private worthSaving(): boolean {
    return (
      this.unreplayableSeq > this.savedSeq || this.heldSeq - this.savedSeq >= CHANGES_BEFORE_SAVING
    );
  }

  private schedule(): void {
    if (this.timer || this.writing) return;
    this.timer = setTimeout(() => void this.save(), SAVE_DELAY_MS);
    this.timer.unref();
  }

  /**
   * Takes the index as it is now, and serializes, writes and renames it off the
   * thread that answers requests.
   */
  private async save(): Promise<void> {
    this.timer = undefined;
    const saved = this.snapshot();
    if (!saved) return;
    this.writing = true;
    const temporary = temporaryFileOf(this.indexFile);
    const unreplayableBefore = this.unreplayableSeq;
    try {
      // Locks taken while packing may reach the file beside the count from before
      // them: the next start replays them again, which sets the same values. Any
      // other change may have moved lists half packed: that file is not written.
      const { value, transfer } = await packForSaving(saved.parts);
      if (this.unreplayableSeq !== unreplayableBefore) throw new Error('changed while packing');
      const { payload, crc32 } = await this.serializer.serialize(value, transfer);
      const file = await open(temporary, 'w');
      try {
        await file.writev([headerBytes(this.store, saved.seq, crc32), payload]);
      } finally {
        await file.close();
      }
      await rename(temporary, this.indexFile);
      this.savedSeq = saved.seq;
    } catch {
      // The next save, or the next start building the index from SQLite, makes up for it.
      await rm(temporary, { force: true });
    } finally {
      this.writing = false;
    }
    if (this.worthSaving()) this.schedule();
  }
}

/** Temporary files left by a process killed while saving (their process is gone). */
function removeAbandonedFiles(indexFile: string): void {
  const folder = dirname(indexFile);
  const prefix = `${basename(indexFile)}.`;
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-\d+\.tmp$/.exec(name.slice(prefix.length))?.[1]);
    if (!name.startsWith(prefix) || !pid || processIsRunning(pid)) continue;
    rmSync(join(folder, name), { force: true });
  }
}

function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
