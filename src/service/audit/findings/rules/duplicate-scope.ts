import type { FactsColumns } from '../facts-columns';
import type { FieldFacts } from '../field-facts';
import type { InstanceDirectory } from '../instance-directory';
import type { LinkPlace } from '../link-places';
import { LinkPlaces, placeKey, placeOf } from '../link-places';

/** What kind of field it is, as far as merging goes: one kind never replaces another. */
export type DuplicateKind = 'variable' | 'card' | 'data-source';

const KINDS: readonly DuplicateKind[] = ['variable', 'card', 'data-source'];

/** What a field computes on (contract/audit.ts, duplicateRule): its kind and its data sources. */
export interface DuplicateScope {
  kind: DuplicateKind;
  /** Distinct, in key order; a card stands for its data source where the directory names it. */
  places: LinkPlace[];
}

/** A variable, a field saved on cards only (it has links, all to cards), or a field of a data source. */
function duplicateKind(variable: boolean, links: number, cardLinks: number): DuplicateKind {
  return variable ? 'variable' : links > 0 && cardLinks === links ? 'card' : 'data-source';
}

export function duplicateScope(
  field: FieldFacts,
  directory: InstanceDirectory | undefined,
): DuplicateScope {
  const cardLinks = field.links.filter((link) => link.type === 'CARD').length;
  const kind = duplicateKind(field.variable, field.links.length, cardLinks);
  const places = new Map(
    field.links.map((link) => {
      const place = placeOf(link, directory);
      return [placeKey(place), place];
    }),
  );
  const keys = [...places.keys()].sort();
  return { kind, places: keys.map((key) => places.get(key)!) };
}

/**
 * Each field's scope (`duplicateScope`) by position in some facts' columns: its kind
 * and its distinct places, numbered (LinkPlaces) and ascending, with a hash of them.
 * Two fields' scopes are compared only when their hashes (and digests) meet
 * (groups-by-digest.ts). At 1,000,000 fields 44% link two places or more; a number
 * for each scope, looked up in a Map by a text (or by steps of a tree) of its places,
 * took one to several seconds.
 */
export class DuplicateScopes {
  private constructor(
    private readonly kinds: Uint8Array,
    /** Field at position i has places `places[offsets[i]]` up to `places[offsets[i + 1]]`. */
    private readonly offsets: Uint32Array,
    private readonly places: readonly number[],
    private readonly hashes: Uint32Array,
  ) {}

  static of(columns: FactsColumns, directory: InstanceDirectory | undefined): DuplicateScopes {
    const linkPlaces = new LinkPlaces(columns, directory);
    const kinds = new Uint8Array(columns.count);
    const offsets = new Uint32Array(columns.count + 1);
    const hashes = new Uint32Array(columns.count);
    const places: number[] = [];
    for (let at = 0; at < columns.count; at += 1) {
      const first = places.length;
      let cardLinks = 0;
      for (let link = columns.linksStart(at); link < columns.linksEnd(at); link += 1) {
        if (columns.linkType(link) === 'CARD') cardLinks += 1;
        addInOrder(places, first, linkPlaces.numberOf(link));
      }
      const links = columns.linksEnd(at) - columns.linksStart(at);
      const kind = KINDS.indexOf(duplicateKind(columns.isVariable(at), links, cardLinks));
      // FNV-1a over the kind and the places.
      let hash = Math.imul(2166136261 ^ kind, 16777619);
      for (let place = first; place < places.length; place += 1)
        hash = Math.imul(hash ^ places[place]!, 16777619);
      kinds[at] = kind;
      hashes[at] = hash;
      offsets[at + 1] = places.length;
    }
    return new DuplicateScopes(kinds, offsets, places, hashes);
  }

  /** A whole number under 2^32, equal for equal scopes. */
  hashAt(position: number): number {
    return this.hashes[position]!;
  }

  /** Whether the fields at two positions have the same scope. */
  same(first: number, second: number): boolean {
    const { offsets, places } = this;
    if (this.kinds[first] !== this.kinds[second]) return false;
    const length = offsets[first + 1]! - offsets[first]!;
    if (offsets[second + 1]! - offsets[second]! !== length) return false;
    for (let place = 0; place < length; place += 1)
      if (places[offsets[first]! + place] !== places[offsets[second]! + place]) return false;
    return true;
  }
}

/** Adds `place` to the ascending list of distinct places that starts at `first`. */
function addInOrder(places: number[], first: number, place: number): void {
  let at = places.length;
  for (let look = first; look < at; look += 1) if (places[look] === place) return;
  places.push(place);
  for (; at > first && places[at - 1]! > place; at -= 1) places[at] = places[at - 1]!;
  places[at] = place;
}
