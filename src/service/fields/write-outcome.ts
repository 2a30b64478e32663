import type { FieldError } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';

/** Why a write was refused; nothing was changed. */
export interface WriteRefusal {
  status: 400 | 404 | 409;
  message: string;
  errors?: FieldError[];
  /** The field as it is now, when the refusal is a conflict with it. */
  field?: CalculatedField;
}

/** A stored field before and after a write (before undefined: created; after undefined: deleted). */
export interface FieldChange {
  before?: CalculatedField;
  after?: CalculatedField;
}

/** What one write to one field did. */
export type WriteOutcome =
  | {
      kind: 'written';
      /** The field written; undefined after a delete. */
      field?: CalculatedField;
      /** Every field that changed, the one written and those whose derived state moved with it. */
      changes: FieldChange[];
      /** Whether any field's nested references changed. */
      referencesChanged: boolean;
    }
  | { kind: 'unchanged'; field: CalculatedField }
  | { kind: 'refused'; refusal: WriteRefusal };

export type Refused = Extract<WriteOutcome, { kind: 'refused' }>;

export function refused(
  status: WriteRefusal['status'],
  message: string,
  extra: Omit<WriteRefusal, 'status' | 'message'> = {},
): Refused {
  return { kind: 'refused', refusal: { status, message, ...extra } };
}

export function notFound(id: number): Refused {
  return refused(404, `no calculated field has the id ${id}`);
}

export function lockedRefusal(field: CalculatedField): Refused {
  return refused(
    409,
    `field ${field.id} (${JSON.stringify(field.name.slice(0, 80))}) is locked and cannot be changed; unlock it first`,
  );
}
