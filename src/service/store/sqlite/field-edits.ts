import { randomUUID } from 'node:crypto';
import type { CalculatedField } from '../../../contract/field';
import type { CreateRequest, UpdateRequest } from '../../../contract/template-writes';
import type { AuthoredField, Derivation, StoredFieldFacts } from '../../fields/derive-fields';
import { deriveFields } from '../../fields/derive-fields';
import type { WriteContext } from '../../fields/plan-field-writes';
import { planCreate, planUpdate } from '../../fields/plan-field-writes';
import type { FieldChange, WriteOutcome } from '../../fields/write-outcome';
import { lockedRefusal, notFound } from '../../fields/write-outcome';
import type { FieldWriter } from './field-writer';
import type { Db } from './open-database';
import { readInstanceShape, readStoredFieldFacts } from './read-stored-fields';

/**
 * Update, create and delete of one field, each in one immediate transaction: the
 * field is read, the change decided and written, and every field whose derived
 * state moves with it (nested references, link validity, cycles) written too,
 * all or nothing. Synchronous, so writes in this process never interleave; the
 * immediate lock keeps another process's writes out meanwhile.
 */
export class SqliteFieldEdits {
  private readonly statements;

  constructor(
    private readonly db: Db,
    private readonly writer: FieldWriter,
    private readonly getField: (id: number) => CalculatedField | undefined,
  ) {
    this.statements = {
      ownerExists: db.prepare<[number], number>('SELECT 1 FROM owners WHERE id = ?').pluck(),
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
      // Nothing derived depends on what changed: the rest of the field stays as it is.
      const { name, owner, archived, global, hidden, dataType, lastModified } = plan.authored;
      const field = { ...current, name, owner, archived, global, hidden, dataType, lastModified };
      this.writer.rewrite(field);
      return {
        kind: 'written',
        field,
        changes: [{ before: current, after: field }],
        referencesChanged: false,
      };
    });
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

  delete(id: number): WriteOutcome {
    return this.inTransaction(() => {
      const current = this.getField(id);
      if (!current) return notFound(id);
      if (current.locked) return lockedRefusal(current);
      const hadReferences = this.writer.referencesOf(id).length > 0;
      this.writer.delete(id);
      const stored = readStoredFieldFacts(this.db);
      const derivation = deriveFields([], stored, readInstanceShape(this.db));
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
    return {
      ownerExists: (owner) => this.statements.ownerExists.get(owner) !== undefined,
      shape: readInstanceShape(this.db),
    };
  }

  /** Writes a field derived anew, with every stored field its derivation changes. */
  private derived(authored: AuthoredField, before: CalculatedField | undefined): WriteOutcome {
    const stored = readStoredFieldFacts(this.db);
    const others = stored.filter((field) => field.id !== authored.id);
    const derivation = deriveFields([authored], others, readInstanceShape(this.db));
    const own = derivation.fields[0]!;
    const hadReferences = stored.find((field) => field.id === authored.id)?.references ?? [];
    this.writer.write(own);
    const { changes, referencesChanged } = this.apply(derivation, others);
    return {
      kind: 'written',
      field: own.field,
      changes: [{ before, after: own.field }, ...changes],
      referencesChanged: referencesChanged || hadReferences.join() !== own.references.join(),
    };
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
