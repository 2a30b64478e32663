import { randomUUID } from 'node:crypto';
import type { CalculatedField } from '../../../contract/field';
import type { CreateRequest, UpdateRequest } from '../../../contract/template-writes';
import type { AuthoredField, Derivation, StoredFieldFacts } from '../../fields/derive-fields';
import { deriveFields } from '../../fields/derive-fields';
import type { WriteContext } from '../../fields/plan-field-writes';
import { planCreate, planUpdate } from '../../fields/plan-field-writes';
import type { FieldChange, WriteOutcome } from '../../fields/write-outcome';
import { lockedRefusal, notFound, refused } from '../../fields/write-outcome';
import type { FieldWriter } from './field-writer';
import type { Db } from './open-database';
import { readInstanceShape, readStoredFieldFacts } from './read-stored-fields';

/** The id, legacyId and creation time a deleted field had, to create it again as it was. */
export interface RestoredIdentity {
  id: number;
  legacyId: string;
  created: number;
}

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
    const others = readStoredFieldFacts(this.db).filter((field) => field.id !== current.id);
    const own = deriveFields([plan.authored], others, readInstanceShape(this.db)).fields[0]!;
    return { kind: 'written', field: own.field, changes: [], referencesChanged: false };
  }

  /**
   * Creates a field with the next id, or, given `identity`, again under the id,
   * legacyId and creation time it had (an undone delete); refused when that id is taken.
   */
  create(request: CreateRequest, now: number, identity?: RestoredIdentity): WriteOutcome {
    return this.inTransaction(() => {
      if (identity && this.getField(identity.id)) {
        return refused(409, `a field with the id ${identity.id} exists already`);
      }
      const assigned = identity ?? {
        id: this.statements.nextId.get()!,
        legacyId: `calculation_${randomUUID()}`,
      };
      const plan = planCreate(request, this.context(), assigned, now);
      if (plan.kind !== 'create') return plan;
      if (identity) plan.authored.created = identity.created;
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
