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
  nests: Map<number, number[]>;
  /** Field id -> the ids it nests that no field has (deleted, or never there). */
  unknown: Map<number, number[]>;
  /** Field id -> the ids of the other fields that nest it; a self-reference is no use. */
  nestedBy: Map<number, number[]>;
  /** Fields that reach themselves through references, each with its cycle. */
  cycles: Map<number, CycleMembership>;
}

/**
 * References between fields by id (docs/expressions.md, nested references): the
 * one place that tells which nested ids have no field, who nests whom, and the
 * cycles. Give every field that exists, so that an id none of them has is unknown.
 */
export function resolveNestedReferences(fields: readonly NestingFacts[]): NestedReferences {
  const exists = new Set(fields.map((field) => field.id));
  const unknown = new Map<number, number[]>();
  const nestedBy = new Map<number, number[]>();
  const nests = new Map<number, number[]>();
  for (const field of fields) {
    const known = field.nests.filter((id) => exists.has(id));
    if (known.length > 0) nests.set(field.id, known);
    if (known.length < field.nests.length) {
      unknown.set(
        field.id,
        field.nests.filter((id) => !exists.has(id)),
      );
    }
    for (const target of known) {
      if (target === field.id) continue;
      const sources = nestedBy.get(target);
      if (sources) sources.push(field.id);
      else nestedBy.set(target, [field.id]);
    }
  }
  for (const sources of nestedBy.values()) sources.sort((a, b) => a - b);
  return { nests, unknown, nestedBy, cycles: referenceCycles(nests) };
}
