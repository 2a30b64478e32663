import type { z } from 'zod';
import { summarize } from '../../contract/errors';
import { fieldErrorsOf } from '../../contract/zod-issues';
import { parseFieldId } from '../../contract/field-id';
import { ApiError } from './api-error';

/** Parses with a contract schema, or throws a 400 that names every problem. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error.issues);
  throw new ApiError(400, summarize(errors), errors);
}

/** A path id, or a 400 saying what an id looks like. */
export function parseFieldIdOrThrow(raw: string): number {
  const id = parseFieldId(raw);
  if (id === undefined) {
    throw new ApiError(
      400,
      `the calculated field id must be a positive integer (got ${JSON.stringify(raw.slice(0, 40))}), written in digits without a sign or leading zeros`,
      [{ field: 'id', message: 'must be a positive integer' }],
    );
  }
  return id;
}
