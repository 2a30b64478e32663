import { z } from 'zod';

/** Every error the API answers has this one shape (docs/api.md, errors). */
export const apiErrorBodySchema = z.object({
  status: z.number().int(),
  statusReason: z.string(),
  message: z.string(),
  path: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
export type FieldError = NonNullable<ApiErrorBody['errors']>[number];

/** An error body lists at most this many problems, then says how many more there were. */
export const MAX_LISTED_ERRORS = 20;
/** The summary message quotes at most this many problems. */
const MAX_SUMMARIZED_ERRORS = 3;

function count(value: number): string {
  return value.toLocaleString('en-US');
}

/** At most MAX_LISTED_ERRORS entries; a last entry says how many were left out. */
export function boundErrors(errors: readonly FieldError[]): FieldError[] {
  if (errors.length <= MAX_LISTED_ERRORS) return [...errors];
  const more = errors.length - MAX_LISTED_ERRORS;
  return [
    ...errors.slice(0, MAX_LISTED_ERRORS),
    { field: 'body', message: `and ${count(more)} more problem${more === 1 ? '' : 's'}` },
  ];
}

/** One sentence for the whole list: the only problem, or a count and the first few. */
export function summarize(errors: readonly FieldError[]): string {
  if (errors.length === 1) return errors[0]!.message;
  const quoted = errors.slice(0, MAX_SUMMARIZED_ERRORS).map((error) => error.message);
  const more = errors.length - quoted.length;
  if (more > 0) quoted.push(`and ${count(more)} more`);
  return `${count(errors.length)} problems: ${quoted.join('; ')}`;
}
