import { positionInAscending } from '../../../analysis/id-lists';
import type { SentTexts, Texts } from '../../store/text-list';
import { TextList, textsTakenIn, textsToSend } from '../../store/text-list';
import type { LinkPlace } from './link-places';

/** A set of fields within a finding that share one cause: a reason, a missing column, a check sum. */
export interface FindingGroup {
  key: string;
  /** Field ids, ascending. */
  ids: number[];
  /** Broken references: where the column is missing, and which (undefined: not known). */
  place?: LinkPlace;
  column?: string;
  /** Nested: the depth of the chain. Broken dependencies: the broken field depended on. */
  depth?: number;
  cause?: number;
  /** Lint: the rule's title. Hidden characters in names: the character, or look-alikes. */
  title?: string;
}

/** What a group says beside its key and ids (a place, a column, a depth, a cause, a title). */
type GroupDetails = Omit<FindingGroup, 'key' | 'ids'>;

/** A finding's groups as plain data: typed arrays, which another thread takes as they are. */
export interface PackedFindingGroups {
  keys: SentTexts;
  /** Group `i`'s ids are `ids[ends[i - 1] ?? 0 .. ends[i]]`, ascending. */
  ends: Uint32Array;
  ids: Float64Array;
  /** Each group's details as JSON, '' for none; left out when no group has any. */
  details?: SentTexts;
}

/**
 * A finding's groups kept as columns, in their order (largest first): the keys as one
 * list of texts, every group's ids one after another in one typed array, and where
 * each group ends. A group is made an object only when read (a page of groups, a
 * drill-down, a field's memberships). At 1,000,000 fields the duplicates alone are
 * hundreds of thousands of groups, and made as objects where the findings arrive
 * their keys and lists of ids cost the thread that answers requests collector pauses
 * of up to 190 ms.
 */
export class FindingGroups implements Iterable<FindingGroup> {
  private constructor(
    private readonly keys: Texts,
    private readonly ends: Uint32Array,
    private readonly ids: Float64Array,
    private readonly details: Texts | undefined,
  ) {}

  /** `groups` kept in their order. */
  static of(groups: readonly FindingGroup[]): FindingGroups {
    const ends = new Uint32Array(groups.length);
    let end = 0;
    for (let at = 0; at < groups.length; at += 1) ends[at] = end += groups[at]!.ids.length;
    const ids = new Float64Array(end);
    for (let at = 0; at < groups.length; at += 1) {
      ids.set(groups[at]!.ids, at === 0 ? 0 : ends[at - 1]);
    }
    const details = groups.map(({ key: _key, ids: _ids, ...rest }) =>
      Object.keys(rest).length === 0 ? '' : JSON.stringify(rest),
    );
    const keys = groups.map((group) => group.key);
    return new FindingGroups(
      TextList.of(keys) ?? keys,
      ends,
      ids,
      details.some(Boolean) ? (TextList.of(details) ?? details) : undefined,
    );
  }

  /** Groups taken in from another thread (`pack`). */
  static unpack(packed: PackedFindingGroups): FindingGroups {
    const { keys, ends, ids, details } = packed;
    return new FindingGroups(
      textsTakenIn(keys),
      ends,
      ids,
      details === undefined ? undefined : textsTakenIn(details),
    );
  }

  /** The arrays themselves, to send: moved to another thread, they are left empty here. */
  pack(): PackedFindingGroups {
    const packed = { keys: textsToSend(this.keys), ends: this.ends, ids: this.ids };
    return this.details === undefined ? packed : { ...packed, details: textsToSend(this.details) };
  }

  get length(): number {
    return this.ends.length;
  }

  at(index: number): FindingGroup | undefined {
    if (!(index >= 0 && index < this.length)) return undefined;
    const details = this.details?.at(index);
    return {
      key: this.keys.at(index)!,
      ids: this.idsOf(index),
      ...(details ? (JSON.parse(details) as GroupDetails) : {}),
    };
  }

  /** The groups from `start` to before `end`, as `Array.prototype.slice` takes them. */
  slice(start: number, end = this.length): FindingGroup[] {
    const groups: FindingGroup[] = [];
    for (let at = Math.max(0, start); at < Math.min(end, this.length); at += 1) {
      groups.push(this.at(at)!);
    }
    return groups;
  }

  /** The group under `key`, found without making the others. */
  withKey(key: string): FindingGroup | undefined {
    return this.at(this.keys.indexOf(key));
  }

  /** The groups that hold field `id`, in order: each group's ids searched as they are kept. */
  holding(id: number): FindingGroup[] {
    const groups: FindingGroup[] = [];
    for (let at = 0; at < this.length; at += 1) {
      const held = positionInAscending(this.ids, id, this.startOf(at), this.ends[at]);
      if (held !== undefined) groups.push(this.at(at)!);
    }
    return groups;
  }

  *[Symbol.iterator](): Iterator<FindingGroup> {
    for (let at = 0; at < this.length; at += 1) yield this.at(at)!;
  }

  /** As a list of groups, the form they had as objects. */
  toJSON(): FindingGroup[] {
    return [...this];
  }

  private idsOf(index: number): number[] {
    const ids: number[] = [];
    for (let at = this.startOf(index); at < this.ends[index]!; at += 1) ids.push(this.ids[at]!);
    return ids;
  }

  private startOf(index: number): number {
    return index === 0 ? 0 : this.ends[index - 1]!;
  }
}
