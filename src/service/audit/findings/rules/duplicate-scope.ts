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
 * A number for each field's scope (`duplicateScope`), by position in `columns`: the
 * same for two fields exactly when their scopes are. Each link's place is numbered
 * once (LinkPlaces), and a scope is its kind and its few place numbers; a field with
 * one place or none, most of them, is looked up by a number rather than a text.
 */
export function duplicateScopeNumbers(
  columns: FactsColumns,
  directory: InstanceDirectory | undefined,
): Int32Array {
  const places = new LinkPlaces(columns, directory);
  /** (place + 1) * kinds + kind -> the number of that scope of one place (-1 + 1: none). */
  const ofOnePlace: number[] = [];
  const ofPlaces = new Map<string, number>();
  const scopes = new Int32Array(columns.count);
  const distinct: number[] = [];
  let numbered = 0;
  for (let at = 0; at < columns.count; at += 1) {
    const start = columns.linksStart(at);
    const end = columns.linksEnd(at);
    let cardLinks = 0;
    distinct.length = 0;
    for (let link = start; link < end; link += 1) {
      if (columns.linkType(link) === 'CARD') cardLinks += 1;
      const place = places.numberOf(link);
      if (!distinct.includes(place)) distinct.push(place);
    }
    const kind = KINDS.indexOf(duplicateKind(columns.isVariable(at), end - start, cardLinks));
    let scope: number | undefined;
    if (distinct.length <= 1) {
      const key = ((distinct[0] ?? -1) + 1) * KINDS.length + kind;
      scope = ofOnePlace[key];
      if (scope === undefined) ofOnePlace[key] = scope = numbered++;
    } else {
      const key = `${kind} ${distinct.sort((a, b) => a - b).join(',')}`;
      scope = ofPlaces.get(key);
      if (scope === undefined) ofPlaces.set(key, (scope = numbered++));
    }
    scopes[at] = scope;
  }
  return scopes;
}
