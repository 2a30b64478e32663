import { z } from 'zod';
import { columnPositionSchema } from './field';
import { preview, previewKeys } from './preview';

// POST /functions/validateFormulas: production's check of formulas against the
// columns of a data source. Nothing is stored (docs/api.md).

export const VALIDATE_MAX_FORMULAS = 1000;

/** A column as its name, or as an object with a name (and a type, not read). */
const columnSchema = z
  .union([z.string().min(1).max(200), z.looseObject({ name: z.string().min(1).max(200) })])
  .transform((column) => (typeof column === 'string' ? column : column.name));

const formulaSchema = z.looseObject({
  name: z.string().max(256).optional(),
  formula: z.string({
    error: (issue) => `formula must be a string (got ${preview(issue.input)})`,
  }),
  dataType: z.string().max(64).optional(),
});

export const validateFormulasRequestSchema = z.strictObject(
  {
    dataSourceId: z.string().max(200).optional(),
    columns: z.array(columnSchema).max(5000),
    formulas: z
      .record(z.string().max(200), formulaSchema)
      .refine((formulas) => Object.keys(formulas).length <= VALIDATE_MAX_FORMULAS, {
        error: `formulas may hold at most ${VALIDATE_MAX_FORMULAS} entries; send the rest in further requests`,
      }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `validateFormulas does not take ${previewKeys(issue.keys)}`
        : 'the body must be a JSON object: {"dataSourceId", "columns": [...], "formulas": {...}}',
  },
);
export type ValidateFormulasRequest = z.infer<typeof validateFormulasRequestSchema>;

export const formulaVerdictSchema = z.object({
  status: z.string(),
  /** The type the formula was sent with; this service infers none. */
  dataType: z.string().nullable(),
  containsAggregation: z.boolean(),
  columnPositions: z.array(columnPositionSchema),
  /** Why it is INVALID; null when VALID. */
  message: z.string().nullable(),
});
export type FormulaVerdict = z.infer<typeof formulaVerdictSchema>;

export const validateFormulasResponseSchema = z.object({
  allValid: z.boolean(),
  results: z.record(z.string(), formulaVerdictSchema),
  /** Names the formulas reference that are not among the columns. */
  invalidColumns: z.array(z.string()),
});
export type ValidateFormulasResponse = z.infer<typeof validateFormulasResponseSchema>;
