import { z } from 'zod';
import { previewKeys } from './preview';
import { AUDIT_PAGE_MAX, wholeNumberText } from './audit';

// GET /api/audit/v1/functions: the functions and operators the instance's fields
// use, as the latest scan saw them, so a filter can suggest them (docs/audit.md).

export const FUNCTIONS_NAME_MAX_LENGTH = 100;
export const FUNCTIONS_LIMIT_DEFAULT = 50;

export const functionsQuerySchema = z.strictObject(
  {
    name: z
      .string({ error: 'name must be given once' })
      .max(FUNCTIONS_NAME_MAX_LENGTH, {
        error: `name must be at most ${FUNCTIONS_NAME_MAX_LENGTH} characters`,
      })
      .optional(),
    offset: wholeNumberText('offset', 0, 1_000_000_000).optional(),
    limit: wholeNumberText('limit', 1, AUDIT_PAGE_MAX).optional(),
  },
  {
    error: (issue) =>
      `the functions take name, offset and limit (remove ${issue.code === 'unrecognized_keys' ? previewKeys(issue.keys) : 'the rest'})`,
  },
);

export const functionUsageSchema = z.object({
  /** As fields list it: `SUM`, `SERVICE_OP_DIVIDE`. */
  name: z.string(),
  /** Fields whose expression uses it. */
  fields: z.number().int(),
});
export type FunctionUsage = z.infer<typeof functionUsageSchema>;

/** Most used first, ties by name. */
export const functionsAnswerSchema = z.object({
  functions: z.array(functionUsageSchema),
  totalHits: z.number().int(),
  hasMore: z.boolean(),
});
export type FunctionsAnswer = z.infer<typeof functionsAnswerSchema>;
