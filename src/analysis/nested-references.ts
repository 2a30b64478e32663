import { IdLists } from './id-lists';
import type { CycleMembership } from './reference-cycles';
import { referenceCycles } from './reference-cycles';

/** What resolving references between fields needs to know of one field. */
export interface NestingFacts {
  id: number;
  /** The distinct ids its expression references with SERVICE_BEAST_MODE(<id>). */
  nests: readonly number[];
}

export interface NestedReferences {
  /** Field id -> the ids of existing fields it nests (itself too, if it does); fields that nest none left out. */
  nests: IdLists;
  /** Field id -> the ids it nests that no field has (deleted, or never there). */
  unknown: IdLists;
  /** Field id -> the ids of the other fields that nest it, ascending; a self-reference is no use. */
  nestedBy: IdLists;
  /** Fields that reach themselves through references, each with its cycle. */
  cycles: Map<number, CycleMembership>;
}

/**
 * References between fields by id (docs/expressions.md, nested references): the
 * one place that tells which nested ids have no field, who nests whom, and the
 * cycles. Give every field that exists, so that an id none of them has is unknown;
 * or, with `exists` telling which ids have a field, only the fields that nest any.
 */
export function resolveNestedReferences(
  fields: readonly NestingFacts[],
  exists: { has(id: number): boolean } = new Set(fields.map((field) => field.id)),
): NestedReferences {
  const unknown: Array<[number, number[]]> = [];
  const nests: Array<[number, number[]]> = [];
  // [nested id, the id of a field nesting it]
  const nestings: Array<[number, number]> = [];
  for (const field of fields) {
    const known = field.nests.filter((id) => exists.has(id));
    if (known.length > 0) nests.push([field.id, known]);
    if (known.length < field.nests.length) {
      unknown.push([field.id, field.nests.filter((id) => !exists.has(id))]);
    }
    for (const target of known) if (target !== field.id) nestings.push([target, field.id]);
  }
  const nestsById = IdLists.of(nests);
  return {
    nests: nestsById,
    unknown: IdLists.of(unknown),
    nestedBy: IdLists.grouped(nestings),
    cycles: referenceCycles(nestsById),
  };
}
