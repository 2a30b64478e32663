import type { CalculatedField } from '../../../contract/field';
import { searchItemOf } from '../../../contract/field';
import { nameKeyOf } from '../../../contract/name-order';
import type { DerivedField, DerivedUpdate } from '../../fields/derive-fields';
import { flagsOf } from '../field-flags';
import type { Db } from './db';
import type { FieldRow, LinkRow } from './rows';
import { fieldFromRow, linkFromRow } from './rows';

const flag = (value: boolean) => (value ? 1 : 0);

/** Writes derived fields to the tables; callers wrap the writes in a transaction. */
export class FieldWriter {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      field: db.prepare<[number], FieldRow & { expression_status: string }>(
        'SELECT * FROM fields WHERE id = ?',
      ),
      links: db.prepare<[number], LinkRow>(
        'SELECT * FROM links WHERE field_id = ? ORDER BY position',
      ),
      deleteField: db.prepare<[number]>('DELETE FROM fields WHERE id = ?'),
      insertField: db.prepare(
        `INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable,
          aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type,
          status, cache_window, column_positions, functions, has_invalid_link, has_active_link,
          has_visible_data_source, has_active_card, search_json, expression_status)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertLink: db.prepare(
        'INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      insertFunction: db.prepare('INSERT INTO field_functions (field_id, name) VALUES (?, ?)'),
      insertReference: db.prepare(
        'INSERT INTO field_references (field_id, target_id) VALUES (?, ?)',
      ),
      references: db
        .prepare<[number], number>(
          'SELECT target_id FROM field_references WHERE field_id = ? ORDER BY target_id',
        )
        .pluck(),
    };
  }

  /** Replaces the field with this id, its links, functions and references. */
  write({ field, expressionStatus, references }: DerivedField): void {
    const { deleteField, insertField, insertLink, insertFunction, insertReference } =
      this.statements;
    deleteField.run(field.id);
    insertField.run(
      field.id,
      field.name,
      nameKeyOf(field.name),
      field.owner,
      flag(field.locked),
      flag(field.global),
      flag(field.archived),
      flag(field.hidden),
      flag(field.variable),
      flag(field.aggregated),
      flag(field.analytic),
      field.expression,
      field.checkSum,
      field.legacyId,
      field.created,
      field.lastModified,
      field.dataType,
      field.status,
      field.cacheWindow,
      JSON.stringify(field.columnPositions),
      JSON.stringify(field.functions),
      ...linkSummaryFlags(field),
      JSON.stringify(searchItemOf(field)),
      expressionStatus,
    );
    field.links.forEach((link, position) =>
      insertLink.run(
        field.id,
        position,
        link.resource.type,
        link.resource.id,
        flag(link.visible),
        flag(link.active),
        link.valid,
      ),
    );
    for (const name of new Set(field.functions)) insertFunction.run(field.id, name);
    for (const target of references) insertReference.run(field.id, target);
  }

  /** Deletes a field with its links, functions and references. */
  delete(id: number): void {
    this.statements.deleteField.run(id);
  }

  /** A stored field's nested references, ascending. */
  referencesOf(id: number): number[] {
    return this.statements.references.all(id);
  }

  /**
   * Writes a stored field with new authored properties that nothing derived depends
   * on (owner, flags, data type), keeping what was derived from its expression.
   */
  rewrite(field: CalculatedField): void {
    const row = this.statements.field.get(field.id);
    if (!row) return;
    this.write({
      field,
      expressionStatus: row.expression_status,
      references: this.referencesOf(field.id),
    });
  }

  /**
   * Gives a stored field new link validity, status and references, keeping
   * everything it was authored with, its lastModified included.
   */
  update(update: DerivedUpdate): void {
    const row = this.statements.field.get(update.id);
    if (!row) return;
    const field = fieldFromRow(row, this.statements.links.all(update.id).map(linkFromRow));
    this.write({
      field: {
        ...field,
        status: update.status,
        links: field.links.map((link, position) => ({
          ...link,
          valid: update.linkValidity[position] ?? link.valid,
        })),
      },
      expressionStatus: row.expression_status,
      references: update.references,
    });
  }
}

/** has_invalid_link, has_active_link, has_visible_data_source, has_active_card */
function linkSummaryFlags(field: DerivedField['field']): [number, number, number, number] {
  const flags = flagsOf(field);
  return [
    flag(flags.has_invalid_link),
    flag(flags.has_active_link),
    flag(flags.has_visible_data_source),
    flag(flags.has_active_card),
  ];
}
