import type { ApiErrorBody } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';
import type { FieldChange, RecordedChange } from '../../contract/journal';

/** What an update would make of a field, or the instance's reason to refuse it. */
export type Preview =
  | { kind: 'after'; field: CalculatedField }
  | { kind: 'refused'; status: number; message: string };

/** What sending one item did: the field as it is after, or the error the instance answered. */
export type Sent =
  | { kind: 'applied'; after: CalculatedField | null; newId?: number }
  | { kind: 'failed'; error: ApiErrorBody }
  /** A 2xx whose body did not say what happened, and a read did not settle it. */
  | { kind: 'unknown' };

/**
 * The instance the journal changes: this server's store (embedded mode) or the
 * instance behind the proxy. The journal decides, records and orders; a target
 * only reads and sends.
 */
export interface JournalTarget {
  /** Items the runner hands to one `send`: what the target can send together. */
  readonly itemsPerSend: number;
  /** The fields as they are now; an id no field has is left out. */
  read(ids: readonly number[]): Promise<Map<number, CalculatedField>>;
  /** What the update would make of `current` (unlocked first when the update unlocks it). */
  preview(current: CalculatedField, update: UpdateOf): Promise<Preview>;
  /** How many cards use a field through active links, and the ids of fields that nest it. */
  usage(field: CalculatedField): Promise<{ activeCards: number; nestedBy: number[] }>;
  /**
   * Whether a deleted field created again gets a new id (a real instance), so the
   * fields that nest it must be made to name that id (docs/api.md, "The journal").
   */
  readonly restoresWithNewId: boolean;
  /**
   * Whether a deleted field is created again only when it has a link to a data source
   * or a card, so a delete of one without could not be undone (restorable.ts).
   */
  readonly deletesNeedLink: boolean;
  /**
   * Sends a batch of items, each guarded by the state it was planned on (a restore
   * creates a deleted field again from its recorded state, its `after`); what each did,
   * in the order given.
   */
  send(items: readonly SentItem[]): Promise<Sent[]>;
}

/** One item as the runner hands it over: a repoint is resolved into its update first. */
export interface SentItem {
  change: Exclude<RecordedChange, { repoint: unknown }>;
  before: CalculatedField | null;
  after: CalculatedField | null;
}

export type UpdateOf = Extract<FieldChange, { update: unknown }>['update'];

/** The cards that use a field: its active CARD links (a data source link is where it lives). */
export function activeCardsOf(field: CalculatedField): number {
  return field.links.filter((link) => link.resource.type === 'CARD' && link.active).length;
}
