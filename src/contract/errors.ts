import { z } from 'zod';

/** Every error the API answers has this one shape (contract.md section 2). */
export const apiErrorBodySchema = z.object({
  status: z.number().int(),
  statusReason: z.string(),
  message: z.string(),
  path: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
export type FieldError = NonNullable<ApiErrorBody['errors']>[number];

/** `['filters', 0, 'field']` -> `filters[0].field` */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** Turns zod issues into the error shape's `errors` list, one entry per problem. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.map((issue) => ({
    field: formatIssuePath(issue.path) || 'body',
    message: issue.message,
  }));
}

/** One sentence for the whole list: the only problem, or a count and each problem. */
export function summarize(errors: readonly FieldError[]): string {
  if (errors.length === 1) return errors[0]!.message;
  return `${errors.length} problems: ${errors.map((error) => error.message).join('; ')}`;
}
