import type { z } from 'zod';
import type { FieldError } from './errors';

// Apart from errors.ts, whose schema needs zod itself: the app reads its answers with
// these and loads zod only when an answer needs the contract's schema (api/http-client.ts).

/** `['filters', 0, 'field']` -> `filters[0].field` */
export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

/** Turns zod issues into the error shape's `errors` list: each distinct problem once. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const error = { field: formatIssuePath(issue.path) || 'body', message: issue.message };
    const key = `${error.field}\n${error.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push(error);
  }
  return errors;
}
