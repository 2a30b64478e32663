import { z } from 'zod';

/**
 * The instance file: one JSON document carrying data sources, cards, owners and
 * calculated fields. The demo generator writes it; the import command reads it.
 * Fields carry only what a person authors: everything derived from the expression
 * (checkSum, columnPositions, functions, aggregated, analytic, status, link validity)
 * is computed by the service when it stores the field.
 */
export const INSTANCE_FORMAT = 'calculated-field-instance';
export const INSTANCE_VERSION = 1;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const cardIdPattern = /^dr:\d+:\d+$/;

export const ownerRecordSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1).max(200),
  /** False for a user who has left the instance's organisation (production's `detail.active`). */
  active: z.boolean().default(true),
});

export const dataSourceRecordSchema = z.strictObject({
  id: z.string().regex(uuidPattern, 'a data source id is a uuid'),
  name: z.string().min(1).max(200),
  /** Column names as they appear between backticks in expressions. */
  columns: z.array(z.string().min(1).max(200)),
  /** The user who owns the data source (production's bulk answer names them). */
  owner: z.number().int().positive().optional(),
});

export const cardRecordSchema = z.strictObject({
  id: z.string().regex(cardIdPattern, 'a card id has the form dr:<number>:<number>'),
  title: z.string().min(1).max(300),
  dataSourceId: z.string().regex(uuidPattern, 'a data source id is a uuid'),
  /** The user who owns the card (production's cards endpoint names them with `parts=owners`). */
  owner: z.number().int().positive().optional(),
});

export const linkRecordSchema = z.strictObject({
  type: z.enum(['DATA_SOURCE', 'CARD']),
  id: z.string().min(1),
  visible: z.boolean(),
  active: z.boolean(),
});

export const fieldRecordSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1).max(256),
  owner: z.number().int().positive(),
  expression: z.string().max(20_000),
  locked: z.boolean().default(false),
  global: z.boolean().default(false),
  archived: z.boolean().default(false),
  hidden: z.boolean().default(false),
  variable: z.boolean().default(false),
  dataType: z.string().min(1).default('DECIMAL'),
  cacheWindow: z.string().min(1).default('day'),
  /** Epoch milliseconds; the import time when missing. */
  created: z.number().int().nonnegative().optional(),
  lastModified: z.number().int().nonnegative().optional(),
  /** `calculation_<uuid>`; assigned once by the service when missing. */
  legacyId: z
    .string()
    .regex(/^calculation_[0-9a-f-]{36}$/i, 'legacyId has the form calculation_<uuid>')
    .optional(),
  links: z.array(linkRecordSchema).default([]),
});

export const instanceFileSchema = z.strictObject({
  format: z.literal(INSTANCE_FORMAT),
  version: z.literal(INSTANCE_VERSION),
  owners: z.array(z.unknown()).default([]),
  dataSources: z.array(z.unknown()).default([]),
  cards: z.array(z.unknown()).default([]),
  fields: z.array(z.unknown()).default([]),
});

export type OwnerRecord = z.infer<typeof ownerRecordSchema>;
export type OwnerRecordInput = z.input<typeof ownerRecordSchema>;
export type DataSourceRecord = z.infer<typeof dataSourceRecordSchema>;
export type CardRecord = z.infer<typeof cardRecordSchema>;
export type LinkRecord = z.infer<typeof linkRecordSchema>;
export type FieldRecord = z.infer<typeof fieldRecordSchema>;
/** The file as a writer produces it (defaults may be left out). */
export type FieldRecordInput = z.input<typeof fieldRecordSchema>;

/** A parsed instance: every record individually valid. */
export interface Instance {
  owners: OwnerRecord[];
  dataSources: DataSourceRecord[];
  cards: CardRecord[];
  fields: FieldRecord[];
}

/** What a writer (the demo generator) produces. */
export interface InstanceFile {
  format: typeof INSTANCE_FORMAT;
  version: typeof INSTANCE_VERSION;
  owners: OwnerRecordInput[];
  dataSources: DataSourceRecord[];
  cards: CardRecord[];
  fields: FieldRecordInput[];
}
