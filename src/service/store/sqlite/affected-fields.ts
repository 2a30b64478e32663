import type { Db } from './db';

/** What a write to one field brings in that could change other fields' derivation. */
export interface WrittenNames {
  /** The field's name when it is new or renamed: fields writing it may now find it. */
  newName?: string;
  /** The names its new expression writes between backticks: the fields it may nest. */
  written: readonly string[];
  /** Ids its new expression nests, once known. */
  ids?: readonly number[];
}

/**
 * The stored fields a write to one field can change, and everything they reach
 * through nested references, so that deriving over them alone gives what deriving
 * over every stored field gives, at the cost of the few fields involved instead of
 * the whole store:
 * - the fields that nest the written field now (their links and status can move);
 * - for a new name, the fields that write it: those with a name not found yet (a
 *   link not VALID), and those that found another field of that name;
 * - the fields the new expression may nest (by name, or by id once known);
 * - then every field those reach through stored references, so each one's
 *   references and any cycle through the written field are derived whole.
 */
export class AffectedFields {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      dependents: db
        .prepare<[number], number>('SELECT field_id FROM field_references WHERE target_id = ?')
        .pluck(),
      unresolvedWriting: db
        .prepare<[string], number>(
          'SELECT id FROM fields WHERE has_invalid_link = 1 AND instr(column_positions, ?) > 0',
        )
        .pluck(),
      named: db
        .prepare<[string, string], number>('SELECT id FROM fields WHERE name_key = ? AND name = ?')
        .pluck(),
      reach: db
        .prepare<[string], number>(
          `WITH RECURSIVE reach(id) AS (
             SELECT value FROM json_each(?)
             UNION SELECT target_id FROM field_references JOIN reach ON field_id = reach.id)
           SELECT reach.id FROM reach JOIN fields ON fields.id = reach.id`,
        )
        .pluck(),
    };
  }

  /** Ids of the stored fields to derive with a write to field `id`, that field left out. */
  of(id: number, names: WrittenNames): number[] {
    const { dependents, unresolvedWriting, reach } = this.statements;
    const seeds = new Set([id, ...(names.ids ?? []), ...dependents.all(id)]);
    const named = (name: string) => this.statements.named.all(name.toLowerCase(), name);
    if (names.newName !== undefined) {
      // column_positions holds each reference as JSON text: "`<name>`".
      const written = JSON.stringify(`\`${names.newName}\``).slice(1, -1);
      for (const found of unresolvedWriting.all(written)) seeds.add(found);
      for (const holder of named(names.newName)) {
        for (const found of dependents.all(holder)) seeds.add(found);
      }
    }
    for (const name of new Set(names.written)) for (const found of named(name)) seeds.add(found);
    return reach.all(JSON.stringify([...seeds])).filter((found) => found !== id);
  }
}
