import { randomUUID } from 'node:crypto';
import { analyzeExpression, referencedColumns } from '../../../analysis/analyze-expression';
import type { CalculatedField } from '../../../contract/field';
import type { CreateRequest, UpdateRequest } from '../../../contract/template-writes';
import type { AuthoredField, Derivation, StoredFieldFacts } from '../../fields/derive-fields';
import { deriveFields } from '../../fields/derive-fields';
import type { WriteContext } from '../../fields/plan-field-writes';
import { authoredOf, planCreate, planUpdate } from '../../fields/plan-field-writes';
import type { FieldChange, WriteOutcome } from '../../fields/write-outcome';
import { lockedRefusal, notFound, refused } from '../../fields/write-outcome';
import type { WrittenNames } from './affected-fields';
import { AffectedFields } from './affected-fields';
import type { FieldWriter } from './field-writer';
import type { Db } from './db';
import { readInstanceShape, readStoredFieldFacts } from './read-stored-fields';

/** An update that changes nothing derived: the rest of the field stays as it is. */
function withoutRederiving(current: CalculatedField, authored: AuthoredField): CalculatedField {
  const { name, owner, archived, global, hidden, dataType, lastModified } = authored;
  return { ...current, name, owner, archived, global, hidden, dataType, lastModified };
}

/**
 * Update, create and delete of one field, each in one immediate transaction: the
 * field is read, the change decided and written, and every field whose derived
 * state moves with it (nested references, link validity, cycles) written too,
 * all or nothing. Synchronous, so writes in this process never interleave; the
 * immediate lock keeps another process's writes out meanwhile.
 */
export class SqliteFieldEdits {
  private readonly statements;
  private readonly affected: AffectedFields;

  constructor(
    private readonly db: Db,
    private readonly writer: FieldWriter,
    private readonly getField: (id: number) => CalculatedField | undefined,
  ) {
    this.affected = new AffectedFields(db);
    this.statements = {
      ownerExists: db.prepare<[number], number>('SELECT 1 FROM owners WHERE id = ?').pluck(),
      dataSourceExists: db
        .prepare<[string], number>('SELECT 1 FROM data_sources WHERE id = ?')
        .pluck(),
      cardExists: db.prepare<[string], number>('SELECT 1 FROM cards WHERE id = ?').pluck(),
      nextId: db.prepare<[], number>('SELECT coalesce(max(id), 0) + 1 FROM fields').pluck(),
    };
  }

  update(id: number, request: UpdateRequest, now: number): WriteOutcome {
    return this.inTransaction(() => {
      const current = this.getField(id);
      if (!current) return notFound(id);
      const plan = planUpdate(current, request, this.context(), now);
      if (plan.kind !== 'change') return plan;
      if (plan.rederive) return this.derived(plan.authored, current);
      const field = withoutRederiving(current, plan.authored);
      this.writer.rewrite(field);
      return {
        kind: 'written',
        field,
        changes: [{ before: current, after: field }],
        referencesChanged: false,
      };
    });
  }

  /**
   * What an update would make of `current`, derived as `update` derives it, with
   * nothing written: a journal's dry run (docs/api.md, "The journal").
   */
  preview(current: CalculatedField, request: UpdateRequest, now: number): WriteOutcome {
    const plan = planUpdate(current, request, this.context(), now);
    if (plan.kind !== 'change') return plan;
    if (!plan.rederive) {
      const field = withoutRederiving(current, plan.authored);
      return { kind: 'written', field, changes: [], referencesChanged: false };
    }
    const own = this.deriveAffected(plan.authored, current).derivation.fields[0]!;
    return { kind: 'written', field: own.field, changes: [], referencesChanged: false };
  }

  create(request: CreateRequest, now: number): WriteOutcome {
    return this.inTransaction(() => {
      const identity = {
        id: this.statements.nextId.get()!,
        legacyId: `calculation_${randomUUID()}`,
      };
      const plan = planCreate(request, this.context(), identity, now);
      if (plan.kind !== 'create') return plan;
      return this.derived(plan.authored, undefined);
    });
  }

  /**
   * Writes a deleted field again exactly as it was recorded (an undone delete): its
   * id, legacyId, times and links, derived anew. Refused when its id is taken.
   */
  restore(recorded: CalculatedField): WriteOutcome {
    return this.inTransaction(() => {
      if (this.getField(recorded.id)) {
        return refused(409, `a field with the id ${recorded.id} exists already`);
      }
      return this.derived(authoredOf(recorded), undefined);
    });
  }

  delete(id: number): WriteOutcome {
    return this.inTransaction(() => {
      const current = this.getField(id);
      if (!current) return notFound(id);
      if (current.locked) return lockedRefusal(current);
      const hadReferences = this.writer.referencesOf(id).length > 0;
      const affected = this.affected.of(id, { written: [] });
      this.writer.delete(id);
      const stored = readStoredFieldFacts(this.db, affected);
      const derivation = deriveFields([], stored, readInstanceShape(this.db, linksOf(stored)));
      const { changes, referencesChanged } = this.apply(derivation, stored);
      return {
        kind: 'written',
        changes: [{ before: current }, ...changes],
        referencesChanged: referencesChanged || hadReferences,
      };
    });
  }

  private inTransaction(write: () => WriteOutcome): WriteOutcome {
    return this.db.transaction(write).immediate();
  }

  private context(): WriteContext {
    const { ownerExists, dataSourceExists, cardExists } = this.statements;
    return {
      ownerExists: (owner) => ownerExists.get(owner) !== undefined,
      linkTargetExists: (type, id) =>
        (type === 'DATA_SOURCE' ? dataSourceExists : cardExists).get(id) !== undefined,
    };
  }

  /** Writes a field derived anew, with every stored field its derivation changes. */
  private derived(authored: AuthoredField, before: CalculatedField | undefined): WriteOutcome {
    const { derivation, others } = this.deriveAffected(authored, before);
    const own = derivation.fields[0]!;
    const hadReferences = before ? this.writer.referencesOf(authored.id) : [];
    this.writer.write(own);
    const { changes, referencesChanged } = this.apply(derivation, others);
    return {
      kind: 'written',
      field: own.field,
      changes: [{ before, after: own.field }, ...changes],
      referencesChanged: referencesChanged || hadReferences.join() !== own.references.join(),
    };
  }

  /**
   * A field derived anew over the stored fields it can affect (AffectedFields),
   * widened to whatever its new expression turns out to nest; nothing written.
   */
  private deriveAffected(
    authored: AuthoredField,
    before: CalculatedField | undefined,
  ): { derivation: Derivation; others: StoredFieldFacts[] } {
    const names: WrittenNames = {
      newName: before?.name === authored.name ? undefined : authored.name,
      written: referencedColumns(analyzeExpression(authored.expression)),
    };
    let ids = this.affected.of(authored.id, names);
    for (;;) {
      const others = readStoredFieldFacts(this.db, ids);
      const shape = readInstanceShape(this.db, [...authored.links, ...linksOf(others)]);
      const derivation = deriveFields([authored], others, shape);
      const known = new Set([authored.id, ...ids]);
      const missing = derivation.fields[0]!.references.filter((target) => !known.has(target));
      // Ids no stored field has (a reference to a deleted field) add nothing.
      const wider =
        missing.length > 0 &&
        this.affected.of(authored.id, { ...names, ids: [...ids, ...missing] });
      if (!wider || wider.length <= ids.length) return { derivation, others };
      ids = wider;
    }
  }

  /** Writes the derivation's updates of stored fields; what changed, and whether references did. */
  private apply(
    derivation: Derivation,
    stored: readonly StoredFieldFacts[],
  ): { changes: FieldChange[]; referencesChanged: boolean } {
    const referencesBefore = new Map(stored.map((field) => [field.id, field.references.join()]));
    let referencesChanged = false;
    const changes = derivation.updates.map((update): FieldChange => {
      const before = this.getField(update.id);
      this.writer.update(update);
      referencesChanged ||= referencesBefore.get(update.id) !== update.references.join();
      return { before, after: this.getField(update.id) };
    });
    return { changes, referencesChanged };
  }
}

function linksOf(fields: readonly StoredFieldFacts[]): Array<{ type: string; id: string }> {
  return fields.flatMap((field) => field.links);
}
